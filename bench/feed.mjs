// Dashboard feed throughput: requests per second of GET /api/feed (signed out, en) on the built server
// with the real content imported, against a bare Fastify JSON route in the same run (goal: at least 0.5x).
// Usage: npm run bench:feed [-- --seconds 10]
// The data directory (.tmp/bench-data) is kept between runs, so only the first run voices the content.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const secondsArg = process.argv.indexOf('--seconds');
const duration = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;
const port = 8198;
const baselinePort = 8199;
const dataDir = path.join(root, '.tmp/bench-data');
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function start(command, args, env) {
  return spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
}
const stop = async (child) => {
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
};

async function waitFor(check, timeoutMs, what) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await sleep(500);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const run = (url) =>
  new Promise((resolve, reject) => {
    // Asked the way browsers ask: every browser sends accept-encoding, so the feed goes out compressed.
    autocannon(
      { url, connections: 20, duration, pipelining: 1, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });

mkdirSync(dataDir, { recursive: true });
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
// The import job checks every file at each start: measuring while it runs would measure the import.
let importFinished = false;
createInterface({ input: server.stdout }).on('line', (line) => {
  if (line.includes('"msg":"content import finished"')) importFinished = true;
});
const feedUrl = `http://127.0.0.1:${port}/api/feed?lng=en`;
let items = 0;
try {
  console.log('Waiting for the content to be imported (the first run voices everything)...');
  await waitFor(
    async () => {
      const feed = await (await fetch(feedUrl)).json();
      items = feed.popularPrayers.length + feed.categories.reduce((sum, category) => sum + category.items.length, 0);
      return importFinished && feed.dailyPrayers.length > 0 && feed.categories.every((category) => category.items.length >= 5);
    },
    30 * 60 * 1000,
    'the content import',
  );
  var feedResult = await run(feedUrl);
  var feedBytes = (await (await fetch(feedUrl, { headers: { 'accept-encoding': 'identity' } })).text()).length;
  var wireBytes = feedResult.throughput.total / feedResult.requests.total;
} finally {
  await stop(server);
}

const baselineFile = path.join(dataDir, 'baseline-server.mjs');
writeFileSync(
  baselineFile,
  `import Fastify from '${path.join(root, 'node_modules/fastify/fastify.js')}';
const app = Fastify();
app.get('/json', async () => ({ hello: 'world' }));
await app.listen({ port: ${baselinePort}, host: '127.0.0.1' });`,
);
const baseline = start(process.execPath, [baselineFile], {});
try {
  await waitFor(async () => (await fetch(`http://127.0.0.1:${baselinePort}/json`)).ok, 10_000, 'the baseline server');
  var baselineResult = await run(`http://127.0.0.1:${baselinePort}/json`);
} finally {
  await stop(baseline);
}

const rps = (result) => result.requests.average;
console.log(`\nmachine: ${cpus().length} x ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
console.log(
  `autocannon: 20 connections, ${duration} s each, accept-encoding "${BROWSER_ACCEPT_ENCODING}"; feed: ${items} items, ${(feedBytes / 1024).toFixed(0)} KiB of JSON, ${(wireBytes / 1024).toFixed(1)} KiB per response on the wire (brotli, compressed once per minute)`,
);
console.log('| measure | GET /api/feed?lng=en | bare Fastify JSON route | ratio |');
console.log('| --- | --- | --- | --- |');
console.log(
  `| requests per second (mean) | ${rps(feedResult).toFixed(0)} | ${rps(baselineResult).toFixed(0)} | ${(rps(feedResult) / rps(baselineResult)).toFixed(2)} |`,
);
console.log(`| latency p99 | ${feedResult.latency.p99} ms | ${baselineResult.latency.p99} ms | |`);
console.log(`goal: ratio >= 0.5 -> ${rps(feedResult) / rps(baselineResult) >= 0.5 ? 'met' : 'NOT met'}`);
