// Daily reminders at scale: 100,000 people with a browser subscription, all due at the same minute, delivered by
// one server process (role all: its minute job claims them, its delivery jobs send them) on PostgreSQL to a local
// push service that answers 201 like a browser vendor's. Goal: all delivered within 5 minutes.
// Reports messages per second, the server's CPU per message, and, as the baseline measured in the same run, the
// CPU the bench process spends on the cryptography alone (web-push's encryption and VAPID signature per message).
// Usage: npm run bench:push [-- --people 100000]   needs PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL,
// else postgres://postgres@127.0.0.1:5432/test); creates and drops the scratch database selah_bench_push.
import { createECDH, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import pg from 'pg';
import { root, sleep, startServer, waitFor } from './server.mjs';

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '100000' },
    keep: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
  },
});
// --profile: the server writes a V8 CPU profile (.tmp/push-profile) and the bench sums its self time by area.
const profileDir = path.join(root, '.tmp/push-profile');
const people = Number(values.people);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = 'selah_bench_push';
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const webpush = createRequire(path.join(root, 'apps/server/package.json'))('web-push');

// ---- the push service: counts what arrives (the integration tests decrypt every message; here only the count) ----
let received = 0;
let refused = 0;
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    if (request.headers['content-encoding'] === 'aes128gcm' && /^vapid t=/.test(request.headers.authorization ?? '')) {
      received += 1;
      response.writeHead(201).end();
    } else {
      refused += 1;
      response.writeHead(400).end();
    }
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const pushOrigin = `http://127.0.0.1:${receiver.address().port}`;

// ---- the people: one browser key pair for all (the sender's side still encrypts each message on its own) ----
const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);

const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

let queuedAt = 0;
let queued = 0;
const server = startServer(8196, {
  env: {
    DATABASE_URL: databaseUrl,
    PUSH_ALLOWED_ORIGINS: pushOrigin,
    CONTENT_DIR: path.join(root, 'apps/server/test/fixtures/content'),
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  },
  nodeArgs: values.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  onLog: (entry) => {
    if (entry.msg === 'daily reminders queued') {
      queuedAt = performance.now();
      queued = entry.count;
    }
  },
});

try {
  await server.ready;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  console.log(`Seeding ${people} people with a subscription each...`);
  // Due at the next minute (UTC): the server's minute job claims them all at once.
  const due = new Date(Date.now() + 60_000);
  const reminder = `${String(due.getUTCHours()).padStart(2, '0')}:${String(due.getUTCMinutes()).padStart(2, '0')}`;
  await db.query(
    `INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at)
     SELECT 'bench-' || i, '', 'bench-' || i || '@bench.local', false, now(), now() FROM generate_series(1, $1) AS i`,
    [people],
  );
  await db.query(
    `INSERT INTO profiles (user_id, email, language, reminder_time, time_zone)
     SELECT 'bench-' || i, 'bench-' || i || '@bench.local', (ARRAY['en','es','pl'])[1 + i % 3], $2, 'UTC' FROM generate_series(1, $1) AS i`,
    [people, reminder],
  );
  await db.query(
    `INSERT INTO push_subscriptions (user_id, kind, endpoint, keys)
     SELECT 'bench-' || i, 'web', $2 || '/push/' || i, $3::jsonb FROM generate_series(1, $1) AS i`,
    [people, pushOrigin, JSON.stringify(keys)],
  );
  await db.end();

  console.log(`Waiting for the minute job (reminders at ${reminder} UTC)...`);
  await waitFor(async () => queuedAt > 0, 180_000, 'the reminders to be queued', 100);
  const cpuAtQueue = cpuMs(server.pid);
  await waitFor(async () => received + refused >= people, 10 * 60_000, `${people} messages`, 100);
  const seconds = (performance.now() - queuedAt) / 1000;
  const serverCpu = cpuMs(server.pid) - cpuAtQueue;

  // Baseline, same run: the cryptography of one message in this process, as the server does it (each payload
  // encrypted on its own; the VAPID signature made once per push service and reused).
  const sample = 5000;
  const vapid = webpush.generateVAPIDKeys();
  const { Authorization } = webpush.getVapidHeaders(pushOrigin, 'mailto:bench@selah.local', vapid.publicKey, vapid.privateKey, 'aes128gcm');
  const message = JSON.stringify({ title: 'Time to pray', body: 'Today’s prayer', url: '/dashboard', tag: 'daily-reminder' });
  const before = process.cpuUsage();
  for (let i = 0; i < sample; i += 1) {
    webpush.generateRequestDetails({ endpoint: `${pushOrigin}/push/${i}`, keys }, message, {
      headers: { Authorization },
      TTL: 21600,
      contentEncoding: 'aes128gcm',
    });
  }
  const usage = process.cpuUsage(before);
  const cryptoMs = (usage.user + usage.system) / 1000 / sample;

  console.log(`\nmachine: ${cpus().length} x ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
  console.log('| people due | queued | delivered | refused | seconds | messages / s | server CPU / message | of which crypto (baseline) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const perMessage = serverCpu / people;
  console.log(
    `| ${people} | ${queued} | ${received} | ${refused} | ${seconds.toFixed(1)} | ${(people / seconds).toFixed(0)} | ${perMessage.toFixed(3)} ms | ${cryptoMs.toFixed(3)} ms (${((cryptoMs / perMessage) * 100).toFixed(0)} %) |`,
  );
  console.log(`all delivered in ${seconds.toFixed(1)} s (goal 300 s -> ${seconds <= 300 && received === people ? 'met' : 'NOT met'})`);
} finally {
  await server.stop();
  if (values.profile) summariseProfile();
  receiver.close();
  if (!values.keep) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  await sleep(10);
}

/** Self time of the server's main thread (the biggest profile; workers write their own), by area. */
function summariseProfile() {
  const profiles = readdirSync(profileDir)
    .filter((file) => file.endsWith('.cpuprofile'))
    .map((file) => JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')));
  const profile = profiles.sort((a, b) => b.samples.length - a.samples.length)[0];
  const areas = [
    ['idle', (name) => name === '(idle)'],
    ['encryption (ECDH, HKDF, AES-GCM)', (name, url) => /crypto\//.test(url)],
    ['garbage collection', (name) => name === '(garbage collector)'],
    [
      'HTTP to the push service (fetch, undici, sockets)',
      (name, url) => /undici|abort_controller|webstreams|net\.js|stream/.test(url) || name === 'writev',
    ],
    ['database (pg, drizzle, pg-boss)', (name, url) => /drizzle-orm|\/pg\/|pg-protocol|pg-pool|pg-boss/.test(url)],
  ];
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map();
  profile.samples.forEach((id, i) => {
    const { functionName, url } = byId.get(id).callFrame;
    const area = areas.find(([, test]) => test(functionName, url))?.[0] ?? 'the rest (the app, JSON, V8)';
    totals.set(area, (totals.get(area) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  totals.delete('idle');
  const busy = [...totals.values()].reduce((sum, micros) => sum + micros, 0);
  console.log('\n| where the server’s busy CPU went (main thread) | share |\n| --- | --- |');
  for (const [area, micros] of [...totals].sort((a, b) => b[1] - a[1]))
    console.log(`| ${area} | ${((micros / busy) * 100).toFixed(0)} % |`);
}
