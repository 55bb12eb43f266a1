// Personal prayer generation on the embedded default (PGlite, composer, espeak-ng, ffmpeg), on the built server:
// 1. quiz submit (POST /api/create-affirmation) to completed for a 3-minute prayer, one at a time, median of 5
//    (budget 6 s), with the share of that time spent voicing (from the worker's stage timings in the log);
// 2. prayers per minute one worker process sustains: 15 prayers submitted at once by 3 users.
// Baseline in the same run: the seconds of audio produced, i.e. how much faster than real time it generates.
// Usage: npm run bench:generation   (the data directory .tmp/bench-data is shared with bench:feed; the first run
// imports and voices the seed content first, which takes several minutes)
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = 8196;
const origin = `http://127.0.0.1:${port}`;
const dataDir = path.join(root, '.tmp/bench-data');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

mkdirSync(dataDir, { recursive: true });
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, DATA_DIR: dataDir, LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
/** Stage timings of each generated prayer, by record id, from the worker's log lines. */
const timings = new Map();
let importFinished = false;
createInterface({ input: server.stdout }).on('line', (line) => {
  try {
    const entry = JSON.parse(line);
    if (entry.msg === 'prayer generated') timings.set(entry.recordId, entry);
    if (entry.msg === 'content import finished') importFinished = true;
  } catch {
    // not a log line
  }
});

async function waitFor(check, timeoutMs, what) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function newUser(name) {
  const response = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${name}-${Date.now()}@bench.local`, password: 'bench password 1', name: '' }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const focuses = ['faith', 'healing', 'guidance', 'peace', 'relationships'];
async function submit(cookie, i) {
  const response = await fetch(`${origin}/api/create-affirmation`, {
    method: 'POST',
    headers: { origin, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      recordId: crypto.randomUUID(),
      length: 3,
      topic: focuses[i % focuses.length],
      experience: i % 2 ? 'bible_meditation' : 'prayer',
      description: 'Strength for my sister as she starts a new job, and patience for me at home',
      userGoals: ['Pray every morning'],
    }),
  });
  if (response.status !== 201) throw new Error(`create-affirmation answered ${response.status}: ${await response.text()}`);
  return (await response.json()).record.id;
}

async function completion(cookie, id) {
  for (;;) {
    const { record } = await (await fetch(`${origin}/api/records/${id}`, { headers: { cookie } })).json();
    if (record.status === 'completed') return record;
    if (record.status === 'failed') throw new Error(`generation failed: ${record.error}`);
    await sleep(20);
  }
}

try {
  console.log('Waiting for the server and its content import (the first run voices everything)...');
  await waitFor(async () => (await fetch(`${origin}/health`)).ok, 60_000, 'the server');
  await waitFor(async () => importFinished, 30 * 60 * 1000, 'the content import');

  // 1. one at a time
  const single = [];
  const cookie = await newUser('single');
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    const id = await submit(cookie, i);
    const record = await completion(cookie, id);
    const ms = performance.now() - started;
    await waitFor(async () => timings.has(id), 5000, 'the log line');
    single.push({ ms, audio: record.duration, ...timings.get(id) });
  }

  // 2. throughput: 15 at once
  const cookies = await Promise.all([0, 1, 2].map((n) => newUser(`burst${n}`)));
  const burstStarted = performance.now();
  const ids = await Promise.all(Array.from({ length: 15 }, (_, i) => submit(cookies[i % 3], i).then((id) => [cookies[i % 3], id])));
  await Promise.all(ids.map(([c, id]) => completion(c, id)));
  const burstSeconds = (performance.now() - burstStarted) / 1000;

  console.log(`\nmachine: ${cpus().length} x ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
  console.log('| run | submit -> completed | writing | voicing | finishing | audio | voicing share |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  single.forEach((run, i) =>
    console.log(
      `| ${i + 1} | ${(run.ms / 1000).toFixed(2)} s | ${run.writeMs} ms | ${run.voiceMs} ms | ${run.finishMs} ms | ${run.audio.toFixed(0)} s | ${((run.voiceMs / run.ms) * 100).toFixed(0)} % |`,
    ),
  );
  const med = median(single.map((run) => run.ms)) / 1000;
  const medAudio = median(single.map((run) => run.audio));
  console.log(
    `median submit -> completed: ${med.toFixed(2)} s (budget 6 s -> ${med <= 6 ? 'met' : 'NOT met'}); ${(medAudio / med).toFixed(0)}x real time`,
  );
  console.log(`median voicing share: ${median(single.map((run) => run.voiceMs / run.ms)).toLocaleString('en', { style: 'percent' })}`);
  console.log(
    `throughput: 15 prayers in ${burstSeconds.toFixed(1)} s = ${((15 / burstSeconds) * 60).toFixed(1)} prayers per minute (one process, ${cpus().length} cores)`,
  );
} finally {
  process.kill(-server.pid, 'SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}
