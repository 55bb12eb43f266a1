// Dashboard feed throughput: requests per second of GET /api/feed (signed out, en) on the built server
// with the real content imported, against a bare Fastify JSON route in the same run (goal: at least 0.5x).
// Usage: npm run bench:feed [-- --seconds 10]
// The data directory (.tmp/bench-data) is kept between runs, so only the first run voices the content.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchDataDir, root, startServer, waitFor } from './server.mjs';

const secondsArg = process.argv.indexOf('--seconds');
const duration = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;
const port = 8198;
const baselinePort = 8199;
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const run = (url) =>
  new Promise((resolve, reject) => {
    // Asked the way browsers ask: every browser sends accept-encoding, so the feed goes out compressed.
    autocannon(
      { url, connections: 20, duration, pipelining: 1, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });

const server = startServer(port);
const feedUrl = `${server.origin}/api/feed?lng=en`;
let items;
try {
  await server.ready;
  const feed = await (await fetch(feedUrl)).json();
  items = feed.popularPrayers.length + feed.categories.reduce((sum, category) => sum + category.items.length, 0);
  var feedResult = await run(feedUrl);
  var feedBytes = (await (await fetch(feedUrl, { headers: { 'accept-encoding': 'identity' } })).text()).length;
  var wireBytes = feedResult.throughput.total / feedResult.requests.total;
} finally {
  await server.stop();
}

const baselineFile = path.join(benchDataDir, 'baseline-server.mjs');
writeFileSync(
  baselineFile,
  `import Fastify from '${path.join(root, 'node_modules/fastify/fastify.js')}';
const app = Fastify();
app.get('/json', async () => ({ hello: 'world' }));
await app.listen({ port: ${baselinePort}, host: '127.0.0.1' });`,
);
const baseline = spawn(process.execPath, [baselineFile], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
try {
  await waitFor(async () => (await fetch(`http://127.0.0.1:${baselinePort}/json`)).ok, 10_000, 'the baseline server');
  var baselineResult = await run(`http://127.0.0.1:${baselinePort}/json`);
} finally {
  process.kill(-baseline.pid, 'SIGTERM');
  await new Promise((resolve) => baseline.once('exit', resolve));
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
