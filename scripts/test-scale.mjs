// `npm run test:scale` (issue 21, item 8; CI runs it): Selah as the README's "Running at scale" says, for real.
// Two API processes and two workers, started at the same moment on an empty PostgreSQL database, with the media in
// an S3-compatible store (s3rver, from npm). A person signs up on one API process and follows their live events
// on the other; their prayer's worker is killed while it voices; the other worker completes it within 60 s; its
// audio is fetched from the bucket through the app's own address; and the content was imported once.
// TEST_DATABASE_URL (or postgres://postgres@127.0.0.1:5432/test) names the server; a database of its own is made.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fail = (message) => {
  throw new Error(`test:scale: ${message}`);
};
async function waitFor(check, timeoutMs, what, intervalMs = 200) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) fail(`timed out waiting for ${what}`);
    await sleep(intervalMs);
  }
}

const work = mkdtempSync(path.join(tmpdir(), 'selah-scale-'));
const name = `selah_scale_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${name}`;
const db = new pg.Client({ connectionString: databaseUrl.toString() });

// The bucket: s3rver on a port of its own, its files in this run's folder.
const s3Port = 8620;
const s3 = new S3rver({
  port: s3Port,
  address: '127.0.0.1',
  silent: true,
  directory: path.join(work, 's3'),
  configureBuckets: [{ name: 'selah-audio' }],
});
await s3.run();
const bucket = `http://127.0.0.1:${s3Port}`;

const apiPorts = [8621, 8622];
const workerPorts = [8623, 8624];
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl.toString(),
  AUTH_SECRET: 'test-scale-secret-0123456789-0123456789',
  PUBLIC_URL: `http://127.0.0.1:${apiPorts[0]}`,
  TRUSTED_ORIGINS: apiPorts.map((port) => `http://127.0.0.1:${port}`).join(','),
  HOST: '127.0.0.1',
  DATA_DIR: path.join(work, 'data'),
  CONTENT_DIR: path.join(root, 'apps/server/test/fixtures/content'),
  MEDIA_STORE: `s3://selah-audio?endpoint=${bucket}&region=us-east-1&publicUrl=${bucket}/selah-audio`,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  LOG_LEVEL: 'info',
  // Step 7 signs up some forty people from one address.
  AUTH_RATE_LIMIT_MAX: '1000',
  SIGN_UP_RATE_LIMIT_MAX: '1000',
};

const processes = [];
function start(role, port) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js', '--role', role], {
    cwd: root,
    env: { ...env, ...(role === 'api' ? { PORT: String(port) } : { WORKER_PORT: String(port) }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    try {
      logs.push(JSON.parse(line));
    } catch {
      // not a log line
    }
  });
  const started = { role, port, child, logs, exited: false };
  child.once('exit', () => (started.exited = true));
  processes.push(started);
  return started;
}

try {
  // 1. Every process at the same moment, on an empty database.
  const apis = apiPorts.map((port) => start('api', port));
  const workers = workerPorts.map((port) => start('worker', port));
  await Promise.all(
    [...apis, ...workers].map((proc) =>
      waitFor(
        async () => {
          if (proc.exited) fail(`the ${proc.role} on ${proc.port} exited while starting`);
          return (await fetch(`http://127.0.0.1:${proc.port}/ready`)).ok;
        },
        120_000,
        `the ${proc.role} on ${proc.port} to be ready`,
      ),
    ),
  );
  console.log('== 2 API processes and 2 workers started together on an empty database: all ready');
  await db.connect();

  // 2. The content import: once, whichever worker.
  await waitFor(
    async () => (await db.query('SELECT count(*)::int AS n FROM content_imports')).rows[0].n === 1,
    600_000,
    'the content import',
    1000,
  );
  const imports = workers.reduce(
    (count, worker) => count + worker.logs.filter((entry) => entry.msg === 'content import finished').length,
    0,
  );
  if (imports !== 1) fail(`the content was imported ${imports} times`);
  console.log('== the content was imported once');

  // 3. Sign up on one API process; follow the live events on the other.
  const [one, other] = apiPorts.map((port) => `http://127.0.0.1:${port}`);
  const signUp = await fetch(`${one}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: one, 'content-type': 'application/json' },
    body: JSON.stringify({ email: `scale-${Date.now()}@example.com`, password: 'a scaled prayer 7', name: '' }),
  });
  if (!signUp.ok) fail(`sign-up answered ${signUp.status}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const controller = new AbortController();
  const stream = await fetch(`${other}/api/events`, { headers: { cookie }, signal: controller.signal });
  if (stream.status !== 200) fail(`the event stream on the other process answered ${stream.status}`);
  const events = [];
  void (async () => {
    const reader = stream.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.startsWith('event: record') && data) events.push(JSON.parse(data.slice(6)).record);
        }
      }
    } catch {
      // aborted
    }
  })();

  // 4. A prayer; its worker is killed while it runs.
  const created = await fetch(`${one}/api/create-affirmation`, {
    method: 'POST',
    headers: { origin: one, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      recordId: crypto.randomUUID(),
      length: 3,
      topic: 'peace',
      experience: 'prayer',
      description: 'Calm for my mother before her surgery',
      userGoals: [],
    }),
  });
  if (created.status !== 201) fail(`create-affirmation answered ${created.status}`);
  const { record } = await created.json();
  const holder = await waitFor(
    async () =>
      (await db.query(`SELECT process_id FROM job_leases WHERE queue = 'generate-prayer' AND data->>'recordId' = $1`, [record.id])).rows[0]
        ?.process_id,
    60_000,
    'a worker to take the prayer',
    20,
  );
  // Which worker holds it: each logs its process id when ready.
  const killed = workers.find((worker) => worker.logs.some((entry) => entry.msg === 'worker ready' && entry.processId === holder));
  if (!killed) fail(`no worker logged the process id ${holder}`);
  const died = Date.now();
  killed.child.kill('SIGKILL');
  console.log(`== killed the worker on ${killed.port} while it held the prayer`);

  // 5. The other worker completes it; the other API process's stream says so.
  await waitFor(
    () => events.some((event) => event.id === record.id && event.status === 'completed'),
    120_000,
    'the prayer to complete',
    100,
  );
  const seconds = (Date.now() - died) / 1000;
  controller.abort();
  const stages = events.filter((event) => event.id === record.id).map((event) => event.stage ?? event.status);
  console.log(`== completed ${seconds.toFixed(1)} s after the kill, seen on the other API process's stream: ${stages.join(' > ')}`);
  if (seconds > 60) fail(`the prayer took ${seconds.toFixed(1)} s after its worker died (60 s at most)`);
  const rerun = workers
    .filter((worker) => worker !== killed)
    .some((worker) => worker.logs.some((entry) => entry.msg === 'job runs again: the worker that was running it stopped'));
  if (!rerun) fail('no worker logged the re-run with its reason');

  // 6. Its audio, from the bucket, through the app's address.
  const { record: done } = await (await fetch(`${other}/api/records/${record.id}`, { headers: { cookie } })).json();
  const audio = await fetch(new URL(done.audioUrl, other), { headers: { cookie } });
  if (!audio.ok || !(audio.headers.get('content-type') ?? '').startsWith('audio/')) fail(`the audio answered ${audio.status}`);
  const bytes = Buffer.from(await audio.arrayBuffer());
  if (bytes.length < 10_000) fail(`the audio is ${bytes.length} bytes`);
  if (!audio.url.startsWith(bucket)) fail(`the audio came from ${audio.url}, not the bucket`);
  console.log(`== its audio (${Math.round(bytes.length / 1024)} KB) came from the bucket through ${done.audioUrl.split('?')[0]}`);

  // 6b. While it was voiced it could be played from its playlist (issue 23): the address the live stream gave
  //     now lists every piece, ended, each served from the bucket through the app's own origin.
  const streamUrl = events.findLast((event) => event.id === record.id && event.streamUrl)?.streamUrl;
  if (!streamUrl) fail('no live event gave the prayer’s playlist while it was voiced');
  const playlist = await fetch(new URL(streamUrl, other));
  const listed = await playlist.text();
  if (playlist.status !== 200 || !listed.includes('#EXT-X-ENDLIST'))
    fail(`the finished playlist answered ${playlist.status}: ${listed.slice(0, 200)}`);
  const segmentUrls = listed.split('\n').filter((line) => line.startsWith('/media/private/'));
  let streamedBytes = 0;
  for (const url of segmentUrls) {
    const segment = await fetch(new URL(url, one), { redirect: 'manual' });
    if (segment.status !== 200 || segment.headers.get('content-type') !== 'video/mp2t') fail(`a segment answered ${segment.status}`);
    streamedBytes += (await segment.arrayBuffer()).byteLength;
  }
  if (streamedBytes < bytes.length) fail(`the segments hold ${streamedBytes} bytes, less than the file's ${bytes.length}`);
  console.log(`== its playlist listed ${segmentUrls.length} pieces, each from the bucket through the app's origin`);

  // 7. A signed-out session is refused on the other API process at once, even when that process's listening
  //    connection is late (its PostgreSQL backend stopped, as under heavy load, so notices reach it late): it then
  //    answers from the database. The same for a change to a person's data. And a race: sign out (or change one's
  //    name) on one process, read on the other the moment the answer arrives.
  const signUpAt = async (base, email) => {
    const response = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'a scaled prayer 7', name: '' }),
    });
    if (!response.ok) fail(`sign-up answered ${response.status}`);
    return response.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
  };
  const meAt = (base, session) => fetch(`${base}/api/me`, { headers: { cookie: session } });
  const signOutAt = (base, session) =>
    fetch(`${base}/api/auth/sign-out`, {
      method: 'POST',
      headers: { origin: base, cookie: session, 'content-type': 'application/json' },
      body: '{}',
    });
  const renameAt = async (base, session, displayName) => {
    const response = await fetch(`${base}/api/me`, {
      method: 'PATCH',
      headers: { origin: base, cookie: session, 'content-type': 'application/json' },
      body: JSON.stringify({ displayName }),
    });
    if (!response.ok) fail(`PATCH /api/me answered ${response.status}`);
  };
  /** Stops the PostgreSQL backend of this process's listening connection while `during` runs. */
  const withLateListener = async (proc, during) => {
    const { rows } = await db.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
      `selah notifications ${proc.child.pid}`,
    ]);
    if (rows.length !== 1) fail(`found ${rows.length} listening connections of the API process on ${proc.port}`);
    process.kill(rows[0].pid, 'SIGSTOP');
    try {
      return await during();
    } finally {
      process.kill(rows[0].pid, 'SIGCONT');
    }
  };
  const late = await signUpAt(one, `late-${Date.now()}@example.com`);
  for (const base of [one, other, other]) if ((await meAt(base, late)).status !== 200) fail('a new session was refused');
  await withLateListener(apis[1], async () => {
    await renameAt(one, late, 'Late Listener');
    const read = await (await meAt(other, late)).json();
    if (read.displayName !== 'Late Listener') fail(`a process whose notices were late answered a name from before the change`);
    if (!(await signOutAt(one, late)).ok) fail('sign-out failed');
    const after = await meAt(other, late);
    if (after.status !== 401) fail(`a process whose notices were late answered ${after.status} for a signed-out session`);
  });
  console.log('== a process whose notices arrive late answers from the database: no old name, no signed-out session');

  let stale = 0;
  const rounds = 40;
  for (let round = 0; round < rounds; round += 1) {
    const [from, to] = round % 2 === 0 ? [one, other] : [other, one];
    const session = await signUpAt(from, `race-${round}-${Date.now()}@example.com`);
    for (let i = 0; i < 2; i += 1) await Promise.all([meAt(from, session), meAt(to, session)]);
    if (round % 4 < 2) {
      await signOutAt(from, session);
      if ((await meAt(to, session)).status !== 401) stale += 1;
    } else {
      const name = `Name ${round}`;
      await renameAt(from, session, name);
      const read = await (await meAt(to, session)).json();
      if (read.displayName !== name) stale += 1;
    }
  }
  if (stale > 0) fail(`${stale} of ${rounds} reads on the other process right after a change answered from before it`);
  console.log(`== ${rounds} changes on one API process, each read at once on the other: none answered from before it`);
  console.log('test:scale passed');
} finally {
  for (const proc of processes) proc.child.kill('SIGKILL');
  await sleep(500);
  await db.end().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
  await s3.close().catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
