// What the server benchmarks share: start the built server on the bench data directory, read its JSON log
// lines, wait until its start-up content import has finished, and stop it.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Kept between runs, so only the first run imports and voices the seed content. */
export const benchDataDir = path.join(root, '.tmp/bench-data');
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function waitFor(check, timeoutMs, what, intervalMs = 200) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await sleep(intervalMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Starts apps/server/dist/main.js on this port and calls onLog with every JSON log line. `command` goes before
 * node (e.g. ['taskset', '-c', '1'], which runs node in its own process); `nodeArgs` go to node itself (e.g.
 * --cpu-prof). `ready` resolves once /health answers
 * and the start-up content import has finished (measuring during it would measure it).
 */
export function startServer(port, { onLog = () => undefined, env = {}, command = [], nodeArgs = [] } = {}) {
  mkdirSync(benchDataDir, { recursive: true });
  const origin = `http://127.0.0.1:${port}`;
  const [program, ...args] = [...command, process.execPath, ...nodeArgs, 'apps/server/dist/main.js'];
  const child = spawn(program, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, DATA_DIR: benchDataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let importFinished = false;
  createInterface({ input: child.stdout }).on('line', (line) => {
    try {
      const entry = JSON.parse(line);
      // A start whose content was imported in full already imports nothing (decision 025).
      if (entry.msg === 'content import finished' || entry.msg === 'content import: the content is imported already') importFinished = true;
      onLog(entry);
    } catch {
      // not a log line
    }
  });
  return {
    origin,
    /** The server process (its main thread has the same id). */
    pid: child.pid,
    ready: (async () => {
      console.log('Waiting for the server and its content import (the first run voices everything)...');
      await waitFor(async () => (await fetch(`${origin}/health`)).ok, 60_000, 'the server');
      await waitFor(async () => importFinished, 60 * 60 * 1000, 'the content import');
    })(),
    async stop() {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Registers a user through the API and returns the session cookie. */
export async function newUser(origin, name) {
  const response = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}@bench.local`,
      password: 'bench password 1',
      name: '',
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * Bundles server source for a benchmark with esbuild (npm packages stay external, resolved from this checkout) and
 * imports it: `source` is the entry's text (export lines), written as entry.ts in `outDir`; `alias` maps packages
 * to other folders (a worktree's own @selah/domain).
 */
export async function importServerSource({ outDir, source, bundleName = 'bundle.mjs', alias }) {
  const { build } = await import('esbuild');
  mkdirSync(outDir, { recursive: true });
  const serverPkg = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  const external = Object.keys({ ...serverPkg.dependencies, ...serverPkg.devDependencies }).filter((name) => !name.startsWith('@selah/'));
  const entry = path.join(outDir, 'entry.ts');
  writeFileSync(entry, source);
  const bundle = path.join(outDir, bundleName);
  await build({
    entryPoints: [entry],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external,
    alias,
    logLevel: 'warning',
  });
  return import(pathToFileURL(bundle).href);
}
