// Dashboard feed throughput: requests per second of GET /api/feed (signed out, en) on the built server
// with the real content imported, against a bare Fastify JSON route in the same run (goal: at least 0.5x).
// Usage: npm run bench:feed [-- --seconds 10] [-- --client wrk|autocannon]
//
// The load generator must not be what limits the figure. wrk (C; Debian package `wrk`) is used when it is
// installed: it parses a 7 KB response about as fast as a 17-byte one. autocannon (npm, always there) parses
// in JavaScript and on two cores saturates near 12,000 responses per second of the feed's size, far below
// what the server can answer, so its ratio measures autocannon. Both report the server's own CPU time per
// request (its main thread, from /proc), which does not depend on the client.
// The data directory (.tmp/bench-data) is kept between runs, so only the first run voices the content.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchDataDir, root, startServer, waitFor } from './server.mjs';

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const duration = Number(option('seconds', 10));
const hasWrk = spawnSync('wrk', ['--version']).error === undefined;
const client = option('client', hasWrk ? 'wrk' : 'autocannon');
const port = 8198;
const baselinePort = 8199;
const CONNECTIONS = 20;
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** CPU seconds the process's main thread has used (user + system), or null off Linux. */
function mainThreadCpu(pid) {
  const file = `/proc/${pid}/task/${pid}/stat`;
  if (!existsSync(file)) return null;
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function runWrk(url) {
  const result = spawnSync(
    'wrk',
    ['-t1', `-c${CONNECTIONS}`, `-d${duration}s`, '--latency', '-H', `accept-encoding: ${BROWSER_ACCEPT_ENCODING}`, url],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`wrk failed: ${result.stderr}`);
  const out = result.stdout;
  const p99 = out.match(/^\s+99%\s+([\d.]+)(us|ms|s)$/m);
  const toMs = (value, unit) => Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1);
  return {
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)[1]),
    requests: Number(out.match(/(\d+) requests in/)[1]),
    p99: p99 ? toMs(p99[1], p99[2]) : NaN,
  };
}

const runAutocannon = (url) =>
  new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration, pipelining: 1, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } },
      (error, result) =>
        error ? reject(error) : resolve({ rps: result.requests.average, requests: result.requests.total, p99: result.latency.p99 }),
    );
  });

/** Loads `url` and reads the server's CPU time around it. */
async function measure(pid, url) {
  const before = mainThreadCpu(pid);
  const result = client === 'wrk' ? runWrk(url) : await runAutocannon(url);
  const after = mainThreadCpu(pid);
  return { ...result, cpuMicrosPerRequest: before === null ? null : ((after - before) * 1e6) / result.requests };
}

const server = startServer(port);
const feedUrl = `${server.origin}/api/feed?lng=en`;
try {
  await server.ready;
  const feed = await (await fetch(feedUrl)).json();
  var items =
    feed.popularPrayers.length + feed.categories.reduce((sum, category) => sum + category.items.length, 0) + feed.dailyPrayers.length;
  var feedBytes = (await (await fetch(feedUrl, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()).byteLength;
  // fetch() decodes what it receives: the Content-Length says what was sent.
  var brBytes = Number((await fetch(feedUrl, { headers: { 'accept-encoding': 'br' } })).headers.get('content-length'));
  // A short warm-up, so the JIT has compiled the hot path before the measured run.
  await measure(server.pid, feedUrl).catch(() => undefined);
  var feedResult = await measure(server.pid, feedUrl);
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
  const baselineUrl = `http://127.0.0.1:${baselinePort}/json`;
  await waitFor(async () => (await fetch(baselineUrl)).ok, 10_000, 'the baseline server');
  await measure(baseline.pid, baselineUrl);
  var baselineResult = await measure(baseline.pid, baselineUrl);
} finally {
  process.kill(-baseline.pid, 'SIGTERM');
  await new Promise((resolve) => baseline.once('exit', resolve));
}

const ratio = feedResult.rps / baselineResult.rps;
const micros = (result) => (result.cpuMicrosPerRequest === null ? 'n/a' : `${result.cpuMicrosPerRequest.toFixed(1)} µs`);
console.log(`\nmachine: ${cpus().length} x ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
console.log(
  `load: ${client}, ${CONNECTIONS} connections, ${duration} s each after a warm-up run, accept-encoding "${BROWSER_ACCEPT_ENCODING}"; ` +
    `feed: ${items} cards, ${(feedBytes / 1024).toFixed(1)} KiB of JSON, ${(brBytes / 1024).toFixed(1)} KiB brotli`,
);
console.log('| measure | GET /api/feed?lng=en | bare Fastify JSON route | ratio |');
console.log('| --- | --- | --- | --- |');
console.log(`| requests per second | ${feedResult.rps.toFixed(0)} | ${baselineResult.rps.toFixed(0)} | ${ratio.toFixed(2)} |`);
const cpuRatio =
  feedResult.cpuMicrosPerRequest && baselineResult.cpuMicrosPerRequest
    ? (baselineResult.cpuMicrosPerRequest / feedResult.cpuMicrosPerRequest).toFixed(2)
    : '';
console.log(`| server main-thread CPU per request | ${micros(feedResult)} | ${micros(baselineResult)} | ${cpuRatio} |`);
console.log(`| latency p99 | ${feedResult.p99} ms | ${baselineResult.p99} ms | |`);
console.log(
  `goal: ratio >= 0.5 -> ${ratio >= 0.5 ? 'met' : 'NOT met'}${client === 'autocannon' ? ' (autocannon: the client limits this figure; install wrk)' : ''}`,
);
