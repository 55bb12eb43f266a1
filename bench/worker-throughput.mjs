// What a worker costs (issue 21): CPU seconds per 3-minute prayer and prayers per minute per core (the figure an
// operator sizes workers by), and prayers per minute with one worker process against two on the same two cores
// (goal: no loss, at least 0.9x). PostgreSQL (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test; a
// database of its own), one API process, the fixture content. CPU is read from /proc for each worker and every
// process under it (the voice engines and ffmpeg).
// Usage: npm run bench:worker-throughput [-- --prayers 12]
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { newUser, root, sleep, waitFor } from './server.mjs';

const { values } = parseArgs({ options: { prayers: { type: 'string', default: '12' } } });
const PRAYERS = Number(values.prayers);
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `selah_bench_workers_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const db = new pg.Client({ connectionString: url.toString() });
const apiPort = 8541;
const origin = `http://127.0.0.1:${apiPort}`;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: url.toString(),
  AUTH_SECRET: 'bench-worker-throughput-secret-0123456789',
  PUBLIC_URL: origin,
  HOST: '127.0.0.1',
  DATA_DIR: path.join(root, '.tmp/bench-workers-data'),
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
  return child;
};

const TICKS = 100; // clock ticks per second (USER_HZ) on Linux
/** CPU seconds of a process and everything under it: its own, its waited children's, and its living descendants'. */
function treeCpuSeconds(pid) {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), {
        ppid: Number(fields[1]),
        utime: Number(fields[11]),
        stime: Number(fields[12]),
        cutime: Number(fields[13]),
        cstime: Number(fields[14]),
      });
    } catch {
      // gone meanwhile
    }
  }
  let ticks = 0;
  const visit = (id, isRoot) => {
    const stat = stats.get(id);
    if (!stat) return;
    ticks += stat.utime + stat.stime + (isRoot ? stat.cutime + stat.cstime : 0);
    for (const [child, childStat] of stats) if (childStat.ppid === id) visit(child, false);
  };
  visit(pid, true);
  return ticks / TICKS;
}

async function submit(cookie, i) {
  const response = await fetch(`${origin}/api/create-affirmation`, {
    method: 'POST',
    headers: { origin, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      recordId: crypto.randomUUID(),
      length: 3,
      topic: ['peace', 'healing', 'faith'][i % 3],
      experience: 'prayer',
      description: 'Strength for my sister as she starts a new job',
      userGoals: [],
    }),
  });
  if (response.status !== 201) throw new Error(`create-affirmation answered ${response.status}`);
  return (await response.json()).record.id;
}

/** People for a round: the Free plan makes 5 prayers a month, so each makes at most 4 here. */
const peopleFor = (prayers, label) =>
  Promise.all(Array.from({ length: Math.ceil(prayers / 4) }, (_, i) => newUser(origin, `${label}-${i}`)));

/** PRAYERS prayers submitted at once; answers prayers per minute and CPU seconds per prayer. */
async function round(workers, cookies) {
  const cpuBefore = workers.map((worker) => treeCpuSeconds(worker.pid));
  const started = Date.now();
  const ids = await Promise.all(Array.from({ length: PRAYERS }, (_, i) => submit(cookies[i % cookies.length], i)));
  await waitFor(
    async () =>
      (await db.query(`SELECT count(*)::int AS n FROM records WHERE id = ANY($1::uuid[]) AND status = 'completed'`, [ids])).rows[0].n ===
      PRAYERS,
    600_000,
    'the prayers',
    100,
  );
  const minutes = (Date.now() - started) / 60_000;
  const cpu = workers.reduce((sum, worker, i) => sum + treeCpuSeconds(worker.pid) - cpuBefore[i], 0);
  return { perMinute: PRAYERS / minutes, cpuPerPrayer: cpu / PRAYERS, seconds: minutes * 60 };
}

try {
  start('api', apiPort);
  await waitFor(async () => (await fetch(`${origin}/ready`)).ok, 60_000, 'the API process');
  await db.connect();
  const first = start('worker', 8542);
  await waitFor(async () => (await fetch('http://127.0.0.1:8542/ready')).ok, 60_000, 'the first worker');
  await waitFor(
    async () => (await db.query('SELECT count(*)::int AS n FROM content_imports')).rows[0].n === 1,
    600_000,
    'the content import',
    1000,
  );
  // A warm-up prayer: the voice engines start.
  const warm = await peopleFor(1, 'warm');
  await submit(warm[0], 0);
  await sleep(8000);

  const one = await round([first], await peopleFor(PRAYERS, 'one'));
  const second = start('worker', 8543);
  await waitFor(async () => (await fetch('http://127.0.0.1:8543/ready')).ok, 60_000, 'the second worker');
  await sleep(2000);
  const two = await round([first, second], await peopleFor(PRAYERS, 'two'));

  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, PostgreSQL, ${PRAYERS} prayers of 3 minutes at once`,
  );
  console.log('| workers | wall time | prayers per minute | CPU seconds per prayer | prayers per minute per core |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [label, result] of [
    ['1', one],
    ['2 (same 2 cores)', two],
  ]) {
    console.log(
      `| ${label} | ${result.seconds.toFixed(1)} s | ${result.perMinute.toFixed(1)} | ${result.cpuPerPrayer.toFixed(2)} | ${(60 / result.cpuPerPrayer).toFixed(1)} |`,
    );
  }
  const ratio = two.perMinute / one.perMinute;
  console.log(`two workers against one: ${ratio.toFixed(2)}x (goal: at least 0.9x) -> ${ratio >= 0.9 ? 'met' : 'NOT met'}`);
} finally {
  for (const child of children) child.kill('SIGKILL');
  await sleep(500);
  await db.end().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
