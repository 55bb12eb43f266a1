// `npm run test:docker`: the Dockerfile's steps, run for real in a clean copy of the repository, and the result
// started. Docker cannot build here (no registry for base images), so this reads the Dockerfile and does what
// Docker would, stage by stage, in folders standing for each stage's file system: WORKDIR, ENV, COPY (from the
// build context, which .dockerignore filters, or from an earlier stage) and RUN (sh, in the stage's WORKDIR). The
// base image's Node is this machine's (the FROM line must name the same major). Ownership (chown, USER) is not
// simulated, nor the base image's packages (apt-get). Then the last stage's CMD starts with its ENV, and its
// HEALTHCHECK must pass, and /ready answer 200.
// It also checks compose.yaml: every Selah service is built from this Dockerfile with a role, and its settings
// pass the server's own configuration check. CI runs it (.ci/run).
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as build_ } from 'esbuild';
import { parse as parseYaml } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(path.join(tmpdir(), 'selah-docker-'));
const context = path.join(work, 'context');
const fail = (message) => {
  throw new Error(`test:docker: ${message}`);
};

/** The Dockerfile's instructions: continuation lines joined, comments and blank lines dropped. */
function instructions(text) {
  const lines = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (current === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.endsWith('\\')) current += `${line.slice(0, -1)} `;
    else {
      lines.push(`${current}${line}`.trim());
      current = '';
    }
  }
  return lines.map((line) => {
    const [keyword, ...rest] = line.split(/\s+/);
    return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
  });
}

/** A JSON array (exec form) or a shell string. */
const commandOf = (args) => (args.startsWith('[') ? JSON.parse(args) : ['sh', '-c', args]);

/** The build context: the repository's tracked files, less what .dockerignore leaves out. */
function makeContext() {
  const ignore = readFileSync(path.join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const ignored = (file) =>
    ignore.some((pattern) => {
      const plain = pattern.replace(/^\*\*\//, '');
      return file === plain || file.startsWith(`${plain}/`) || (pattern.startsWith('**/') && file.split('/').includes(plain));
    });
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  let copied = 0;
  for (const file of files) {
    if (ignored(file) || !existsSync(path.join(root, file))) continue;
    mkdirSync(path.dirname(path.join(context, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(context, file));
    copied += 1;
  }
  console.log(`== build context: ${copied} files (tracked, less .dockerignore)`);
}

async function build() {
  const steps = instructions(readFileSync(path.join(context, 'Dockerfile'), 'utf8'));
  const stages = new Map();
  let stage;
  const inStage = (dir) => path.join(stage.rootfs, dir);
  const resolveIn = (dir) => (path.isAbsolute(dir) ? dir : path.posix.join(stage.workdir, dir));
  // chown and friends stand for what is not simulated: ownership, and the base image's own packages (apt-get: the
  // started server uses this machine's ffmpeg if it has one, else the bundled one, as the image would without it).
  const shims = path.join(work, 'shims');
  mkdirSync(shims, { recursive: true });
  writeFileSync(path.join(shims, 'chown'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  writeFileSync(path.join(shims, 'apt-get'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });

  for (const { keyword, args } of steps) {
    switch (keyword) {
      case 'FROM': {
        const [image, as, name] = args.split(/\s+/);
        const major = /^node:(\d+)/.exec(image)?.[1];
        if (major !== process.versions.node.split('.')[0]) fail(`FROM ${image}: this machine runs Node ${process.versions.node}`);
        stage = {
          name: as?.toUpperCase() === 'AS' ? name : String(stages.size),
          rootfs: path.join(work, `stage-${stages.size}`),
          workdir: '/',
          env: {},
          cmd: null,
          healthcheck: null,
        };
        mkdirSync(stage.rootfs, { recursive: true });
        stages.set(stage.name, stage);
        console.log(`== FROM ${image} (stage ${stage.name})`);
        break;
      }
      case 'WORKDIR':
        stage.workdir = resolveIn(args);
        mkdirSync(inStage(stage.workdir), { recursive: true });
        break;
      case 'ENV':
        for (const pair of args.match(/\S+=("[^"]*"|\S*)/g) ?? []) {
          const at = pair.indexOf('=');
          stage.env[pair.slice(0, at)] = pair.slice(at + 1).replace(/^"|"$/g, '');
        }
        break;
      case 'COPY': {
        const parts = args.split(/\s+/);
        const from = parts.find((part) => part.startsWith('--from='))?.slice('--from='.length);
        const paths = parts.filter((part) => !part.startsWith('--'));
        const dest = paths.pop();
        const source = from ? stages.get(from) : null;
        if (from && !source) fail(`COPY --from=${from}: no such stage`);
        for (const src of paths) {
          const origin = source ? path.join(source.rootfs, src) : path.join(context, src);
          if (!existsSync(origin)) fail(`COPY ${src}: not found${source ? ` in stage ${from}` : ' in the build context'}`);
          const target = inStage(resolveIn(dest));
          const into = dest.endsWith('/') || paths.length > 1 ? path.join(target, src === '.' ? '' : path.basename(src)) : target;
          mkdirSync(path.dirname(into), { recursive: true });
          cpSync(origin, src === '.' ? target : into, { recursive: true, verbatimSymlinks: true });
        }
        break;
      }
      case 'RUN': {
        if (/(^|[\s;&|])\/(?!dev\/null)/.test(args)) fail(`RUN ${args}: commands use paths relative to WORKDIR only`);
        console.log(`== RUN ${args}`);
        execFileSync('sh', ['-c', args], {
          cwd: inStage(stage.workdir),
          env: { ...process.env, ...stage.env, PATH: `${shims}:${process.env.PATH}` },
          stdio: 'inherit',
        });
        break;
      }
      case 'CMD':
        stage.cmd = commandOf(args);
        break;
      case 'HEALTHCHECK':
        stage.healthcheck = commandOf(args.replace(/^(--\S+\s+)*CMD\s+/, ''));
        break;
      case 'USER':
      case 'EXPOSE':
      case 'LABEL':
      case 'ARG':
        break;
      default:
        fail(`${keyword} is not an instruction this test knows`);
    }
  }
  return stage;
}

async function start(final) {
  if (!final.cmd || !final.healthcheck) fail('the last stage needs a CMD and a HEALTHCHECK');
  const port = 8700 + Math.floor(Math.random() * 200);
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, ...final.env, PORT: String(port), HOST: '127.0.0.1' };
  // DATA_DIR as the image has it (/app/data): inside the stage's folder here.
  if (env.DATA_DIR?.startsWith('/')) env.DATA_DIR = path.join(final.rootfs, env.DATA_DIR);
  const cwd = path.join(final.rootfs, final.workdir);
  console.log(`== CMD ${final.cmd.join(' ')} (port ${port})`);
  const [program, ...args] = final.cmd;
  const child = spawn(program, args, { cwd, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const [check, ...checkArgs] = final.healthcheck;
      try {
        execFileSync(check, checkArgs, { cwd, env, stdio: 'ignore' });
        break;
      } catch {
        if (Date.now() > deadline) fail('the HEALTHCHECK never passed');
        if (child.exitCode !== null) fail(`the container's process exited with ${child.exitCode}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    console.log('== HEALTHCHECK passes');
    const readyBy = Date.now() + 60_000;
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/ready`).catch(() => null);
      if (ready?.ok) break;
      if (Date.now() > readyBy) fail(`/ready answered ${ready?.status}: ${await ready?.text()}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const page = await fetch(`http://127.0.0.1:${port}/dashboard`);
    if (!page.ok || !(await page.text()).includes('<div id="root">')) fail('the web app is not served');
    console.log('== /ready answers 200 and the web app is served');
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** The image carries its licence and the licences of what it ships (decision 035): the server's packages, espeak-ng, ffmpeg. */
function checkPapers(final) {
  const app = path.join(final.rootfs, final.workdir);
  if (!readFileSync(path.join(app, 'LICENSE'), 'utf8').includes('GNU GENERAL PUBLIC LICENSE')) fail('the image has no LICENSE');
  const notices = readFileSync(path.join(app, 'THIRD-PARTY-NOTICES.txt'), 'utf8');
  for (const shipped of ['fastify@', 'react@', '@echogarden/espeak-ng-emscripten@', 'espeak-ng, compiled', 'FFmpeg, a static build']) {
    if (!notices.includes(shipped)) fail(`THIRD-PARTY-NOTICES.txt does not name ${shipped}`);
  }
  console.log(`== LICENSE and THIRD-PARTY-NOTICES.txt (${notices.length} characters) are in the image`);
}

/** compose.yaml: the Selah services build this image, each with a role, and their settings pass the server's check. */
async function checkCompose() {
  const compose = parseYaml(readFileSync(path.join(root, 'compose.yaml'), 'utf8'), { merge: true });
  // The server's own configuration check (apps/server/src/platform/config.ts), bundled for this run.
  // Inside the repository, so its imports (zod) resolve from its node_modules.
  const bundled = path.join(root, '.tmp', `docker-config-check-${process.pid}.mjs`);
  mkdirSync(path.dirname(bundled), { recursive: true });
  await build_({
    entryPoints: [path.join(root, 'apps/server/src/platform/config.ts')],
    outfile: bundled,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
  const { loadConfig } = await import(bundled).finally(() => rmSync(bundled, { force: true }));
  const roles = {};
  for (const [name, service] of Object.entries(compose.services)) {
    if (service.build !== '.') continue;
    const role = service.command?.[service.command.indexOf('--role') + 1];
    if (!['api', 'worker'].includes(role)) fail(`compose.yaml: ${name} has no --role api|worker`);
    roles[role] = (roles[role] ?? 0) + 1;
    const env = Object.fromEntries(
      Object.entries(service.environment ?? {}).map(([key, value]) => [
        key,
        String(value).replace(/\$\{(\w+)(?::[-?]([^}]*))?\}/g, (_match, name, fallback) =>
          name === 'AUTH_SECRET' ? 'a'.repeat(40) : (fallback ?? ''),
        ),
      ]),
    );
    // DATA_DIR inside this run's folder: the check writes generated keys there.
    loadConfig({ ...env, DATA_DIR: path.join(work, `data-${name}`) });
  }
  if (!(roles.api >= 2 && roles.worker >= 1)) fail('compose.yaml: two API processes and a worker expected');
  for (const needed of ['postgres', 'minio', 'proxy']) if (!compose.services[needed]) fail(`compose.yaml: no ${needed} service`);
  const caddy = readFileSync(path.join(root, 'deploy/Caddyfile'), 'utf8');
  if (!/api1:8080/.test(caddy) || !/api2:8080/.test(caddy)) fail('deploy/Caddyfile: both API processes expected behind the proxy');
  console.log(`== compose.yaml: ${roles.api} API processes, ${roles.worker} worker, PostgreSQL, MinIO, a proxy`);
}

try {
  makeContext();
  const final = await build();
  checkPapers(final);
  await start(final);
  await checkCompose();
  console.log('test:docker passed');
} finally {
  rmSync(work, { recursive: true, force: true });
}
