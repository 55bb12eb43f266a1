// Start-up benchmark: time from `npm start` to the first 200 from /health on an installed, already-seeded
// checkout (budget 3 s), and the idle resident memory of the server process. Baseline in the same run:
// a bare Fastify server with one route, started with plain `node`.
// Usage: npm run bench:startup [-- --runs 5]   (writes nothing; paste the table into docs/BENCHMARKS.md)
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const port = 8197;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(url, deadlineMs) {
  const start = Date.now();
  while (Date.now() - start < deadlineMs) {
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  throw new Error(`no 200 from ${url} within ${deadlineMs} ms`);
}

/** Resident set size (MiB) of a process and its descendants. */
function rssMiB(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      const children = execFileSync('pgrep', ['-P', String(pids[i])], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .filter(Boolean);
      pids.push(...children.map(Number));
    } catch {
      // no children
    }
  }
  const servers = pids.filter((p) => {
    try {
      return (
        readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('main.js') || readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('baseline')
      );
    } catch {
      return false;
    }
  });
  const kb = servers.reduce((sum, p) => sum + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0), 0);
  return kb / 1024;
}

async function measure(command, args, env, { idleMs = 0 } = {}) {
  const started = process.hrtime.bigint();
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  try {
    await waitForHealth(`http://127.0.0.1:${port}/health`, 60_000);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    let rss = null;
    if (idleMs > 0) {
      await sleep(idleMs);
      rss = rssMiB(child.pid);
    }
    return { ms, rss };
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    // The server may outlive npm for a moment while it shuts down: wait until the port is free.
    for (let i = 0; i < 200; i++) {
      const stillUp = await fetch(`http://127.0.0.1:${port}/health`).then(
        () => true,
        () => false,
      );
      if (!stillUp) break;
      await sleep(50);
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = mkdtempSync(path.join(tmpdir(), 'selah-bench-'));
// "Already seeded" means the content is imported and voiced: reuse bench:feed's data directory when it exists,
// so no background import competes with the starts being measured.
const seeded = path.join(root, '.tmp/bench-data');
if (existsSync(path.join(seeded, 'db'))) cpSync(seeded, dataDir, { recursive: true });
const baselineFile = path.join(dataDir, 'baseline.mjs');
writeFileSync(
  baselineFile,
  `import Fastify from '${path.join(root, 'node_modules/fastify/fastify.js')}';
const app = Fastify();
app.get('/health', async () => 'ok');
await app.listen({ port: ${port}, host: '127.0.0.1' });`,
);
const env = { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', HOST: '127.0.0.1' };

console.log('Seeding a data directory with a first start...');
await measure('npm', ['start'], env);

const selah = [];
const baseline = [];
for (let i = 0; i < runs; i++) {
  selah.push(await measure('npm', ['start'], env, { idleMs: i === runs - 1 ? 5000 : 0 }));
  baseline.push(await measure(process.execPath, [baselineFile], {}, { idleMs: i === runs - 1 ? 5000 : 0 }));
}
rmSync(dataDir, { recursive: true, force: true });

const selahMs = median(selah.map((r) => r.ms));
const baselineMs = median(baseline.map((r) => r.ms));
const selahRss = selah.at(-1).rss;
const baselineRss = baseline.at(-1).rss;
console.log(`\nmachine: ${cpus().length} x ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
console.log(`runs: ${runs}`);
console.log(`| measure | Selah (npm start) | bare Fastify (node) | ratio |`);
console.log(`| --- | --- | --- | --- |`);
console.log(
  `| start to first 200 /health, median | ${selahMs.toFixed(0)} ms | ${baselineMs.toFixed(0)} ms | ${(selahMs / baselineMs).toFixed(1)}x |`,
);
console.log(
  `| start to first 200 /health, all runs | ${selah.map((r) => r.ms.toFixed(0)).join(', ')} ms | ${baseline.map((r) => r.ms.toFixed(0)).join(', ')} ms | |`,
);
console.log(
  `| idle RSS 5 s after ready | ${selahRss?.toFixed(0)} MiB | ${baselineRss?.toFixed(0)} MiB | ${(selahRss / baselineRss).toFixed(1)}x |`,
);
console.log(`budget: 3000 ms -> ${selahMs <= 3000 ? 'within' : 'OVER'}`);
