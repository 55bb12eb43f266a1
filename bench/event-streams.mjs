// Open live event streams one API process holds (issue 21; goal 10,000): the process's memory per open stream,
// and the delay from a change being published (as a worker publishes it: numbered, then NOTIFY) to its event
// arriving on every stream of its person, p50/p99, at that load. Baseline in the same run: the same delays with
// one stream per person. PostgreSQL (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test; a database
// of its own); the streams are held by this bench's process over loopback.
// Usage: npm run bench:event-streams [-- --streams 10000 --people 100]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { cpus } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { root, sleep, waitFor } from './server.mjs';

const { values } = parseArgs({ options: { streams: { type: 'string', default: '10000' }, people: { type: 'string', default: '100' } } });
const STREAMS = Number(values.streams);
const PEOPLE = Number(values.people);
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `selah_bench_streams_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const db = new pg.Client({ connectionString: url.toString() });

const port = 8531;
const origin = `http://127.0.0.1:${port}`;
const api = spawn(process.execPath, ['apps/server/dist/main.js', '--role', 'api'], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: url.toString(),
    AUTH_SECRET: 'bench-event-streams-secret-0123456789',
    PUBLIC_URL: origin,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.join(root, '.tmp/bench-streams-data'),
    LOG_LEVEL: 'warn',
    SIGN_UP_RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    // Many streams per person measure the fan-out; a person's streams are otherwise capped (issue 34).
    LIVE_STREAMS_PER_PERSON: String(Math.min(1000, Math.ceil(STREAMS / PEOPLE))),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
/** The API process's resident memory, MB. */
const rssMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${api.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const streams = [];

/** Opens a stream for a person; each event's arrival is reported with the record id it carries. */
function openStream(cookie, onEvent) {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}/api/events`, { agent, headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('event: record')) onEvent(performance.now(), /"id":"([^"]+)"/.exec(block)?.[1]);
        }
      });
      resolve(request);
    });
    request.on('error', reject);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

try {
  await waitFor(async () => (await fetch(`${origin}/ready`)).ok, 60_000, 'the API process');
  await db.connect();

  // People, each with a prayer whose changes the bench publishes.
  const people = [];
  for (let i = 0; i < PEOPLE; i += 1) {
    const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `streams-${i}-${Date.now()}@bench.local`, password: 'bench streams 1', name: '' }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const userId = (await signUp.json()).user.id;
    const created = await fetch(`${origin}/api/create-affirmation`, {
      method: 'POST',
      headers: { origin, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        recordId: crypto.randomUUID(),
        length: 3,
        topic: 'peace',
        experience: 'prayer',
        description: 'Bench',
        userGoals: [],
      }),
    });
    people.push({ cookie, userId, recordId: (await created.json()).record.id });
  }

  /** Publishes one change per person, spaced out, and answers the delays of every arrival (ms). */
  async function measure(perPerson) {
    const published = new Map();
    const delays = [];
    const expected = PEOPLE * perPerson;
    for (const stream of streams) stream.onEvent = (at, recordId) => published.has(recordId) && delays.push(at - published.get(recordId));
    for (const person of people) {
      const { rows } = await db.query(`INSERT INTO live_events (user_id, kind, entity_id) VALUES ($1, 'record', $2) RETURNING seq`, [
        person.userId,
        person.recordId,
      ]);
      published.set(person.recordId, performance.now());
      await db.query('SELECT pg_notify($1, $2)', [
        'selah_live',
        JSON.stringify({ userId: person.userId, kind: 'record', id: person.recordId, seq: Number(rows[0].seq) }),
      ]);
      await sleep(10);
    }
    await waitFor(() => delays.length >= expected, 120_000, `${expected} events`, 50);
    return delays.sort((a, b) => a - b);
  }

  async function open(perPerson) {
    for (const person of people) {
      for (let i = 0; i < perPerson; i += 1) {
        const stream = { onEvent: () => undefined };
        stream.request = await openStream(person.cookie, (at, recordId) => stream.onEvent(at, recordId));
        streams.push(stream);
      }
    }
  }

  // Baseline: one stream per person.
  await sleep(1000);
  const idleMb = rssMb();
  await open(1);
  await sleep(1000);
  const baseline = await measure(1);

  // The load: STREAMS streams in all.
  await open(Math.ceil(STREAMS / PEOPLE) - 1);
  await sleep(3000);
  const loadedMb = rssMb();
  const loaded = await measure(Math.ceil(STREAMS / PEOPLE));
  const perStreamKb = ((loadedMb - idleMb) * 1024) / streams.length;

  console.log(`\n${new Date().toISOString().slice(0, 10)}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, PostgreSQL, one API process`);
  console.log('| measure | value |');
  console.log('| --- | --- |');
  console.log(`| open streams held | ${streams.length} |`);
  console.log(`| API process memory (RSS): idle -> with every stream open | ${idleMb.toFixed(0)} MB -> ${loadedMb.toFixed(0)} MB |`);
  console.log(`| memory per open stream | ${perStreamKb.toFixed(1)} KB |`);
  console.log(
    `| baseline (${PEOPLE} streams): publish -> event, p50 / p99 | ${percentile(baseline, 50).toFixed(1)} / ${percentile(baseline, 99).toFixed(1)} ms |`,
  );
  console.log(
    `| at load (${streams.length} streams, ${Math.ceil(STREAMS / PEOPLE)} per person): publish -> event, p50 / p99 | ${percentile(loaded, 50).toFixed(1)} / ${percentile(loaded, 99).toFixed(1)} ms |`,
  );
  console.log(`goal: 10,000 open streams -> ${streams.length >= 10_000 ? 'met' : 'NOT met'}`);
} finally {
  for (const stream of streams) stream.request?.destroy();
  agent.destroy();
  api.kill('SIGKILL');
  await sleep(500);
  await db.end().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
