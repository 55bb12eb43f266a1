// Personal prayer generation on the embedded default (PGlite, composer, espeak-ng, ffmpeg), on the built server:
// 1. quiz submit (POST /api/create-affirmation) to completed for a 3-minute prayer, one at a time, median of 5
//    (budget 6 s), with the share of that time spent voicing (from the worker's stage timings in the log);
// 2. prayers per minute one worker process sustains: 15 prayers submitted at once by 3 users.
// Baseline in the same run: the seconds of audio produced, i.e. how much faster than real time it generates.
// Usage: npm run bench:generation   (the data directory .tmp/bench-data is shared with bench:feed; the first run
// imports and voices the seed content first, which takes several minutes)
import { cpus, totalmem } from 'node:os';
import { median, newUser, sleep, startServer, waitFor } from './server.mjs';

const port = 8196;
/** Stage timings of each generated prayer, by record id, from the worker's log lines. */
const timings = new Map();
const server = startServer(port, { onLog: (entry) => entry.msg === 'prayer generated' && timings.set(entry.recordId, entry) });
const { origin } = server;

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
  await server.ready;

  // 1. one at a time
  const single = [];
  const cookie = await newUser(origin, 'single');
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    const id = await submit(cookie, i);
    const record = await completion(cookie, id);
    const ms = performance.now() - started;
    await waitFor(async () => timings.has(id), 5000, 'the log line');
    single.push({ ms, audio: record.duration, ...timings.get(id) });
  }

  // 2. throughput: 15 at once
  const cookies = await Promise.all([0, 1, 2].map((n) => newUser(origin, `burst${n}`)));
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
  await server.stop();
}
