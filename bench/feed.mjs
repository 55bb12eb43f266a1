// Dashboard feed throughput: requests per second of GET /api/feed (signed out, en) on the built server
// with the real content imported, against a bare Fastify JSON route in the same run (goal: at least 0.5x).
// Usage: npm run bench:feed [-- --seconds 5] [-- --rounds 5] [-- --client wrk|autocannon]
//
// The load generator must not be what limits the figure. wrk (C; Debian package `wrk`) is used when it is
// installed: it parses a 7 KB response about as fast as a 17-byte one. autocannon (npm, always there) parses
// in JavaScript and on two cores saturates near 12,000 responses per second of the feed's size, far below
// what the server can answer, so its ratio measures autocannon. Both report the server's own CPU time per
// request (its main thread, from /proc), which does not depend on the client.
//
// Shared machines are noisy, so both servers run side by side and are measured in alternating rounds (each
// ratio compares neighbouring rounds; the server not measured is stopped meanwhile); with taskset and two or more
// CPUs, the servers run on one CPU and the load generator on another, so they do not take turns on the same core.
//
// Two phases: a fresh server, then the same server after one sign-in. The first sign-in makes better-auth turn
// on Node's AsyncLocalStorage for the rest of the process's life, which makes every promise and tick dearer on
// Node 20: that is the state of a server in use.
// The data directory (.tmp/bench-data) is kept between runs, so only the first run voices the content.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchDataDir, median, newUser, root, startServer, waitFor } from './server.mjs';

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const seconds = Number(option('seconds', 5));
const rounds = Number(option('rounds', 5));
const hasWrk = spawnSync('wrk', ['--version']).error === undefined;
const client = option('client', hasWrk ? 'wrk' : 'autocannon');
const pinned = cpus().length >= 2 && spawnSync('taskset', ['-V']).error === undefined;
/** Servers on CPU 1, the load generator (wrk, or this process for autocannon) on CPU 0. */
const serverCpu = pinned ? ['taskset', '-c', '1'] : [];
const clientCpu = pinned ? ['taskset', '-c', '0'] : [];
if (pinned) spawnSync('taskset', ['-p', '-c', '0', String(process.pid)]);
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

function runWrk(url, duration) {
  const [program, ...args] = [
    ...clientCpu,
    'wrk',
    ...['-t1', `-c${CONNECTIONS}`, `-d${duration}s`, '--latency', '-H', `accept-encoding: ${BROWSER_ACCEPT_ENCODING}`, url],
  ];
  const result = spawnSync(program, args, { encoding: 'utf8' });
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

const runAutocannon = (url, duration) =>
  new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration, pipelining: 1, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } },
      (error, result) =>
        error ? reject(error) : resolve({ rps: result.requests.average, requests: result.requests.total, p99: result.latency.p99 }),
    );
  });

/** Loads `url` for `duration` seconds and reads the server's CPU time around it. */
async function measure(pid, url, duration = seconds) {
  const before = mainThreadCpu(pid);
  const result = client === 'wrk' ? runWrk(url, duration) : await runAutocannon(url, duration);
  const after = mainThreadCpu(pid);
  return { ...result, cpuMicrosPerRequest: before === null ? null : ((after - before) * 1e6) / result.requests };
}

function startBaseline() {
  const file = path.join(benchDataDir, 'baseline-server.mjs');
  writeFileSync(
    file,
    `import Fastify from '${path.join(root, 'node_modules/fastify/fastify.js')}';
const app = Fastify();
app.get('/json', async () => ({ hello: 'world' }));
await app.listen({ port: ${baselinePort}, host: '127.0.0.1' });`,
  );
  const [program, ...args] = [...serverCpu, process.execPath, file];
  const child = spawn(program, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  return {
    pid: child.pid,
    url: `http://127.0.0.1:${baselinePort}/json`,
    async stop() {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Measures one server while the other is stopped (SIGSTOP), so an idle server's timers take nothing from it. */
async function measureAlone(pid, url, other) {
  process.kill(other, 'SIGSTOP');
  try {
    return await measure(pid, url);
  } finally {
    process.kill(other, 'SIGCONT');
  }
}

/** Alternating rounds: the feed, then the baseline, `rounds` times; each round's ratio compares the two. */
async function phase(feedPid, feedUrl, baseline) {
  const feed = [];
  const bare = [];
  for (let round = 0; round < rounds; round++) {
    feed.push(await measureAlone(feedPid, feedUrl, baseline.pid));
    bare.push(await measureAlone(baseline.pid, baseline.url, feedPid));
  }
  const ratios = feed.map((result, index) => result.rps / bare[index].rps);
  return { feed, bare, ratios };
}

const server = startServer(port, { command: serverCpu });
const baseline = startBaseline();
const feedUrl = `${server.origin}/api/feed?lng=en`;
try {
  await server.ready;
  await waitFor(async () => (await fetch(baseline.url)).ok, 10_000, 'the baseline server');
  const feed = await (await fetch(feedUrl)).json();
  var items =
    feed.popularPrayers.length + feed.categories.reduce((sum, category) => sum + category.items.length, 0) + feed.dailyPrayers.length;
  var feedBytes = (await (await fetch(feedUrl, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()).byteLength;
  // fetch() decodes what it receives: the Content-Length says what was sent.
  var brBytes = Number((await fetch(feedUrl, { headers: { 'accept-encoding': 'br' } })).headers.get('content-length'));
  // A short warm-up of each, so the JIT has compiled the hot paths before the measured rounds.
  await measure(server.pid, feedUrl, 3);
  await measure(baseline.pid, baseline.url, 3);
  var fresh = await phase(server.pid, feedUrl, baseline);
  // One sign-in, as every server in use has seen (it turns AsyncLocalStorage on for good); the feed stays signed out.
  await newUser(server.origin, 'bench-feed');
  await measure(server.pid, feedUrl, 3);
  var signedIn = await phase(server.pid, feedUrl, baseline);
} finally {
  await Promise.all([server.stop(), baseline.stop()]);
}

const med = (results, key) => median(results.map((result) => result[key]));
const micros = (value) => (value === null || Number.isNaN(value) ? 'n/a' : `${value.toFixed(1)} µs`);
const list = (values, digits = 0) => values.map((value) => value.toFixed(digits)).join(', ');

console.log(`\nmachine: ${cpus().length} x ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
console.log(
  `load: ${client}, ${CONNECTIONS} connections, ${rounds} alternating rounds of ${seconds} s after a warm-up, ` +
    `${pinned ? 'servers on CPU 1 and the load generator on CPU 0' : 'not pinned to CPUs'}, ` +
    `accept-encoding "${BROWSER_ACCEPT_ENCODING}"; feed: ${items} cards, ${(feedBytes / 1024).toFixed(1)} KiB of JSON, ` +
    `${(brBytes / 1024).toFixed(1)} KiB brotli`,
);
console.log('| measure (median of the rounds) | GET /api/feed?lng=en | bare Fastify JSON route | ratio |');
console.log('| --- | --- | --- | --- |');
const phases = [
  ['fresh server', fresh],
  ['after a sign-in', signedIn],
];
for (const [label, result] of phases) {
  const feedCpu = med(result.feed, 'cpuMicrosPerRequest');
  const bareCpu = med(result.bare, 'cpuMicrosPerRequest');
  console.log(
    `| requests per second, ${label} | ${med(result.feed, 'rps').toFixed(0)} | ${med(result.bare, 'rps').toFixed(0)} | ` +
      `**${median(result.ratios).toFixed(2)}** |`,
  );
  console.log(
    `| server main-thread CPU per request, ${label} | ${micros(feedCpu)} | ${micros(bareCpu)} | ${feedCpu ? (bareCpu / feedCpu).toFixed(2) : ''} |`,
  );
  console.log(`| latency p99, ${label} | ${med(result.feed, 'p99')} ms | ${med(result.bare, 'p99')} ms | |`);
}
console.log('\nrounds (requests per second, feed / bare / ratio):');
for (const [label, result] of phases) {
  console.log(`- ${label}: ${list(result.feed.map((r) => r.rps))} / ${list(result.bare.map((r) => r.rps))} / ${list(result.ratios, 2)}`);
}
const worst = Math.min(...phases.map(([, result]) => median(result.ratios)));
console.log(
  `goal: ratio >= 0.5 in both phases -> ${worst >= 0.5 ? 'met' : 'NOT met'}` +
    `${client === 'autocannon' ? ' (autocannon: the client limits this figure; install wrk)' : ''}`,
);
