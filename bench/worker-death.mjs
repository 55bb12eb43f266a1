// A worker killed in the middle of a personal prayer (issue 21): the time from its death (SIGKILL) to the job
// running again on another worker, and to the prayer being completed, on PostgreSQL with real processes: one API
// process and two workers. Baseline in the same run: the same prayer's generation time with nobody killed.
// Usage: npm run bench:worker-death   (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test names the
// server; a database of its own is created and dropped)
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { newUser, root, sleep, waitFor } from './server.mjs';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `selah_bench_death_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const db = new pg.Client({ connectionString: url.toString() });

const apiPort = 8511;
const origin = `http://127.0.0.1:${apiPort}`;
const env = {
  ...process.env,
  DATABASE_URL: url.toString(),
  AUTH_SECRET: 'bench-worker-death-secret-0123456789',
  PUBLIC_URL: origin,
  HOST: '127.0.0.1',
  DATA_DIR: path.join(root, '.tmp/bench-death-data'),
  CONTENT_DIR: path.join(root, 'apps/server/test/fixtures/content'),
  LOG_LEVEL: 'warn',
};
const children = [];
const start = (role, port) => {
  const child = spawn(process.execPath, ['apps/server/dist/main.js', '--role', role], {
    cwd: root,
    env: { ...env, ...(role === 'api' ? { PORT: String(port) } : { WORKER_PORT: String(port) }) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return { child, ready: waitFor(async () => (await fetch(`http://127.0.0.1:${port}/ready`)).ok, 120_000, `${role} on ${port}`) };
};

async function submit(cookie) {
  const response = await fetch(`${origin}/api/create-affirmation`, {
    method: 'POST',
    headers: { origin, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      recordId: crypto.randomUUID(),
      length: 3,
      topic: 'peace',
      experience: 'prayer',
      description: 'Rest for my father after his operation',
      userGoals: [],
    }),
  });
  if (response.status !== 201) throw new Error(`create-affirmation answered ${response.status}`);
  return (await response.json()).record.id;
}
const status = async (cookie, id) => (await (await fetch(`${origin}/api/records/${id}`, { headers: { cookie } })).json()).record.status;
const leaseOf = async (recordId) =>
  (await db.query(`SELECT process_id FROM job_leases WHERE queue = 'generate-prayer' AND data->>'recordId' = $1`, [recordId])).rows[0]
    ?.process_id;

try {
  const api = start('api', apiPort);
  await api.ready;
  await db.connect();
  const first = start('worker', 8512);
  await first.ready;
  // The start-up import of the fixture content (it gives way to prayers) is left to finish first.
  await waitFor(
    async () => (await db.query(`SELECT count(*)::int AS n FROM content_imports`)).rows[0].n === 1,
    600_000,
    'the content import',
    1000,
  );
  const cookie = await newUser(origin, 'death');

  // Baseline: one prayer, nobody killed.
  const baselineStart = Date.now();
  const baselineId = await submit(cookie);
  await waitFor(async () => (await status(cookie, baselineId)) === 'completed', 120_000, 'the baseline prayer', 50);
  const baseline = (Date.now() - baselineStart) / 1000;

  // A prayer whose worker dies while it runs; a second worker is up by then.
  const id = await submit(cookie);
  await waitFor(async () => Boolean(await leaseOf(id)), 60_000, 'the first worker to take the prayer', 20);
  const dying = await leaseOf(id);
  const second = start('worker', 8513);
  await second.ready;
  const died = Date.now();
  first.child.kill('SIGKILL');
  await waitFor(
    async () => {
      const holder = await leaseOf(id);
      return Boolean(holder) && holder !== dying;
    },
    120_000,
    'the job to run again',
    100,
  );
  const runningAgain = (Date.now() - died) / 1000;
  await waitFor(async () => (await status(cookie, id)) === 'completed', 120_000, 'the prayer to complete', 100);
  const completed = (Date.now() - died) / 1000;

  console.log(`\n${new Date().toISOString().slice(0, 10)}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, PostgreSQL, 1 API + 2 workers`);
  console.log('| measure | seconds |');
  console.log('| --- | --- |');
  console.log(`| baseline: a prayer, nobody killed (submit -> completed) | ${baseline.toFixed(1)} |`);
  console.log(`| worker killed -> the job runs again on the other worker | ${runningAgain.toFixed(1)} |`);
  console.log(`| worker killed -> the prayer completed | ${completed.toFixed(1)} |`);
  console.log(`goal: running again within 60 s -> ${runningAgain <= 60 ? 'met' : 'NOT met'}`);
} finally {
  for (const child of children) child.kill('SIGKILL');
  await sleep(500);
  await db.end().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
