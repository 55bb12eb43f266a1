// Signed-in reads against the signed-out feed (issue 23): requests per second and p99 of GET /api/records,
// /api/me, /api/user/generation-stats and /api/journey-progress with a session cookie, beside GET /api/feed
// signed out, on the same server in the same run (goal: each at least 0.25 of the feed, p99 at most 25 ms, at
// 50 connections). On PGlite (the embedded default) and, with --postgres URL, on PostgreSQL.
// Usage: npm run bench:signed-in [-- --seconds 5] [-- --rounds 3] [-- --postgres postgres://127.0.0.1:5432/test]
//
// The person has a library (three prayers), goals, and a journey begun, so every read returns rows. The server
// runs on CPU 1 and wrk on CPU 0 (taskset), as in bench/feed.mjs; autocannon stands in without wrk, and then the
// client, not the server, limits the figures. The content is the test fixtures' (a smaller feed than the real
// one answers faster, so the ratio is, if anything, harsher), voiced once into .tmp/bench-signed-in.
import { spawnSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { median, root, startServer, waitFor } from './server.mjs';

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const seconds = Number(option('seconds', 5));
const rounds = Number(option('rounds', 3));
const postgres = option('postgres', undefined);
const CONNECTIONS = 50;
const hasWrk = spawnSync('wrk', ['--version']).error === undefined;
const pinned = cpus().length >= 2 && spawnSync('taskset', ['-V']).error === undefined;
const serverCpu = pinned ? ['taskset', '-c', '1'] : [];
const clientCpu = pinned ? ['taskset', '-c', '0'] : [];
if (pinned) spawnSync('taskset', ['-p', '-c', '0', String(process.pid)]);
const ACCEPT = 'gzip, deflate, br, zstd';

function runWrk(url, headers) {
  const headerArgs = Object.entries({ 'accept-encoding': ACCEPT, ...headers }).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const result = spawnSync(
    clientCpu[0] ?? 'wrk',
    [...clientCpu.slice(1), ...(pinned ? ['wrk'] : []), '-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', ...headerArgs, url],
    {
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`wrk failed: ${result.stderr}`);
  const out = result.stdout;
  const p99 = out.match(/^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m);
  if (!p99) console.warn(out);
  const toMs = (value, unit) => Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1);
  const non2xx = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
  if (non2xx > 0) throw new Error(`${url}: ${non2xx} answers were not 2xx`);
  return { rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)[1]), p99: p99 ? toMs(p99[1], p99[2]) : NaN };
}

const runAutocannon = (url, headers) =>
  new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: seconds, headers: { 'accept-encoding': ACCEPT, ...headers } },
      (error, result) => {
        if (error) return reject(error);
        if (result.non2xx > 0) return reject(new Error(`${url}: ${result.non2xx} answers were not 2xx`));
        resolve({ rps: result.requests.average, p99: result.latency.p99 });
      },
    );
  });
const load = (url, headers = {}) => (hasWrk ? runWrk(url, headers) : runAutocannon(url, headers));

async function freshPostgresDatabase(serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS selah_bench_signed_in WITH (FORCE)');
  await admin.query('CREATE DATABASE selah_bench_signed_in');
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = '/selah_bench_signed_in';
  return url.toString();
}

async function json(response) {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A person with a library, goals and a journey begun; returns their cookie. */
async function person(origin) {
  const headers = { origin, 'content-type': 'application/json' };
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: `bench-${Date.now()}@bench.local`, password: 'bench password 1', name: 'Ana' }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const withCookie = { ...headers, cookie };
  for (const topic of ['peace', 'faith', 'healing']) {
    await json(
      await fetch(`${origin}/api/create-affirmation`, {
        method: 'POST',
        headers: withCookie,
        body: JSON.stringify({ topic, experience: 'prayer', description: 'for my family' }),
      }),
    );
  }
  const { journeys } = await json(await fetch(`${origin}/api/journeys?lng=en`));
  if (journeys[0]) {
    await json(
      await fetch(`${origin}/api/journey-progress/${journeys[0].id}`, {
        method: 'POST',
        headers: withCookie,
        body: JSON.stringify({ action: 'start' }),
      }),
    );
  }
  return cookie;
}

async function benchOne(label, env) {
  const server = startServer(label === 'PGlite' ? 8191 : 8192, {
    command: serverCpu,
    env: {
      DATA_DIR: path.join(root, '.tmp/bench-signed-in', label),
      CONTENT_DIR: path.join(root, 'apps/server/test/fixtures/content'),
      ...env,
    },
  });
  try {
    await server.ready;
    const cookie = await person(server.origin);
    // The prayers are voiced in this same process: measure after they are done, not beside their voicing.
    let records = [];
    await waitFor(
      async () => {
        ({ items: records } = await json(await fetch(`${server.origin}/api/records`, { headers: { cookie } })));
        return records.every((record) => record.status === 'completed' || record.status === 'failed');
      },
      10 * 60 * 1000,
      'the prayers',
      1000,
    );
    await waitFor(async () => (await fetch(`${server.origin}/api/feed?lng=en`)).ok, 10_000, 'the feed');
    const targets = [
      ['GET /api/feed?lng=en (signed out)', `${server.origin}/api/feed?lng=en`, {}],
      ['GET /api/records', `${server.origin}/api/records`, { cookie }],
      ['GET /api/me', `${server.origin}/api/me`, { cookie }],
      ['GET /api/user/generation-stats', `${server.origin}/api/user/generation-stats`, { cookie }],
      ['GET /api/journey-progress', `${server.origin}/api/journey-progress`, { cookie }],
    ];
    // A short warm-up of each, so the JIT has compiled the hot paths before the measured rounds.
    for (const [, url, headers] of targets) await load(url, headers);
    const results = targets.map(() => []);
    for (let round = 0; round < rounds; round += 1) {
      for (const [index, [, url, headers]] of targets.entries()) results[index].push(await load(url, headers));
    }
    return { label, records: records.length, targets, results };
  } finally {
    await server.stop();
  }
}

const runs = [await benchOne('PGlite', {})];
if (postgres) runs.push(await benchOne('PostgreSQL', { DATABASE_URL: await freshPostgresDatabase(postgres) }));

console.log(`\nmachine: ${cpus().length} x ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
console.log(
  `load: ${hasWrk ? 'wrk' : 'autocannon (the client limits these figures; install wrk)'}, ${CONNECTIONS} connections, ` +
    `${rounds} rounds of ${seconds} s after a warm-up, ${pinned ? 'server on CPU 1, load on CPU 0' : 'not pinned'}`,
);
let met = true;
for (const run of runs) {
  console.log(`\n${run.label} (the person's library holds ${run.records} prayers)`);
  console.log('| request | requests per second (median) | p99 (median) | ratio to the feed (median of rounds) | rounds (rps / p99 ms) |');
  console.log('| --- | --- | --- | --- | --- |');
  const feed = run.results[0];
  for (const [index, [label]] of run.targets.entries()) {
    const rows = run.results[index];
    const ratio = median(rows.map((row, round) => row.rps / feed[round].rps));
    const p99 = median(rows.map((row) => row.p99));
    if (index > 0 && (ratio < 0.25 || p99 > 25)) met = false;
    const each = rows.map((row) => `${row.rps.toFixed(0)} / ${row.p99.toFixed(1)}`).join(', ');
    console.log(
      `| ${label} | ${median(rows.map((row) => row.rps)).toFixed(0)} | ${p99.toFixed(1)} ms | ${index === 0 ? '1' : `**${ratio.toFixed(2)}**`} | ${each} |`,
    );
  }
}
console.log(`\ngoal: every signed-in read at least 0.25 of the feed with p99 at most 25 ms -> ${met ? 'met' : 'NOT met'}`);
