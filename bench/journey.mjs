// Personalized 7-day journey generation on the embedded default (PGlite, ancestors composer, espeak-ng, ffmpeg),
// on the built server: POST /api/create-personalized-journey to active (all 7 days written, voiced, mastered
// and stored), median of 3 (budget 30 s), with the share spent voicing (from the worker's stage timings).
// Baseline in the same run: the seconds of audio produced (how much faster than real time).
// Usage: npm run bench:journey   (shares .tmp/bench-data with the other benches; the first run imports content)
import { cpus, totalmem } from 'node:os';
import { median, newUser, sleep, startServer, waitFor } from './server.mjs';

const port = 8195;
const runs = 3;
const timings = new Map();
const server = startServer(port, {
  onLog: (entry) => entry.msg === 'personalized journey generated' && timings.set(entry.journeyId, entry),
});
const { origin } = server;

try {
  await server.ready;
  const cookie = await newUser(origin, 'journey');
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    const journeyId = crypto.randomUUID();
    const started = performance.now();
    const response = await fetch(`${origin}/api/create-personalized-journey`, {
      method: 'POST',
      headers: { origin, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ journeyId, journeyType: 'ancestors', input: 'my grandmother Rosa and my father Jan', language: 'en' }),
    });
    if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
    let journey;
    for (;;) {
      journey = await (await fetch(`${origin}/api/personalized-journeys/${journeyId}`, { headers: { cookie } })).json();
      if (journey.status === 'active') break;
      if (journey.status === 'failed') throw new Error(`generation failed: ${journey.error}`);
      await sleep(50);
    }
    const ms = performance.now() - started;
    await waitFor(async () => timings.has(journeyId), 5000, 'the log line');
    const audio = journey.days.reduce((sum, day) => sum + day.duration, 0);
    results.push({ ms, audio, ...timings.get(journeyId) });
  }
  console.log(`\nmachine: ${cpus().length} x ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
  console.log('| run | create -> active | writing | voicing + mastering | storing | audio (7 days) | voicing share |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  results.forEach((run, i) =>
    console.log(
      `| ${i + 1} | ${(run.ms / 1000).toFixed(1)} s | ${run.writeMs} ms | ${(run.voiceMs / 1000).toFixed(1)} s | ${run.storeMs} ms | ${(run.audio / 60).toFixed(1)} min | ${((run.voiceMs / run.ms) * 100).toFixed(0)} % |`,
    ),
  );
  const med = median(results.map((run) => run.ms)) / 1000;
  const audio = median(results.map((run) => run.audio));
  console.log(
    `median create -> active: ${med.toFixed(1)} s (budget 30 s -> ${med <= 30 ? 'met' : 'NOT met'}); ${(audio / med).toFixed(0)}x real time`,
  );
} finally {
  await server.stop();
}
