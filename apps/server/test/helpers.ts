import { randomBytes } from 'node:crypto';
import { createUnderstanding, type Understanding } from '../src/generation/understanding/understand';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { buildHttpApp } from '../src/app';
import { createServices, type Services } from '../src/services';
import { loadConfig, type AppConfig } from '../src/platform/config';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/client';
import type { Mailer, MailMessage } from '../src/platform/mailer';
import { startQueue, type Queue } from '../src/platform/queue';
import { registerPrayerGeneration } from '../src/modules/records/generate-prayer.job';
import { recordQueries } from '../src/modules/records/records.queries';
import { createVoicePipelineFromConfig, type VoicePipeline } from '../src/generation/voice-text';
import { runFfmpeg } from '../src/generation/master/ffmpeg';
import type { JourneyWriter, PrayerWriter } from '../src/generation/writer/writer';
import { registerJourneyGeneration } from '../src/modules/personalized/generate-journey.job';
import { personalizedQueries } from '../src/modules/personalized/personalized.queries';

/**
 * A fresh database for one test file: in-memory PGlite always; a throw-away database on the
 * PostgreSQL server when TEST_DATABASE_URL is set (created here, dropped in close()).
 */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `selah_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export const TEST_ORIGIN = 'http://localhost:8080';

export interface TestApp {
  app: FastifyInstance;
  /** The services behind the app (the composition root's), for what no route reaches: jobs, the clock. */
  services: Services;
  database: DatabaseHandle;
  config: AppConfig;
  /** Messages the app sent, newest last (when neither mailer nor realMailer was given). */
  outbox: MailMessage[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults. */
  env?: Record<string, string>;
  /** A mailer to use instead of the in-memory outbox. */
  mailer?: Mailer;
  /** Let the app build its real nodemailer mailer from the config (SMTP_URL), as in production. */
  realMailer?: boolean;
  /** Collect the app's log lines (JSON strings) at this level and above; otherwise logging is off. */
  logLines?: { level: 'error' | 'warn' | 'info'; lines: string[] };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  if (options.realMailer && options.mailer) throw new Error('createTestApp: pass either mailer or realMailer, not both');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'selah-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
    AUTH_RATE_LIMIT_MAX: '1000',
    SIGN_UP_RATE_LIMIT_MAX: '1000',
    ...options.env,
  });
  const { database, drop } = await openTestDatabase();
  const outbox: MailMessage[] = [];
  const mailer: Mailer | undefined = options.realMailer
    ? undefined
    : (options.mailer ?? { send: async (message) => void outbox.push(message) });
  const logger = options.logLines
    ? { level: options.logLines.level, stream: { write: (line: string) => void options.logLines!.lines.push(line) } }
    : false;
  let app: FastifyInstance;
  let services: Services;
  try {
    services = await createServices({ config, database, mailer, logger });
    app = await buildHttpApp(services);
    await app.ready();
  } catch (error) {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    services,
    database,
    config,
    outbox,
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie header from a sign-up or sign-in response. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookies = response.cookies.filter((cookie) => cookie.value !== '');
  if (cookies.length === 0) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

export async function register(app: FastifyInstance, email: string, password = 'correct horse 1', language?: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN, ...(language ? { 'x-selah-language': language } : {}) },
    payload: { email, password, name: '' },
  });
  return response;
}

/** The native shell's origin on iOS (NATIVE_ORIGINS' default): the only kind given the session token. */
export const NATIVE_ORIGIN = 'capacitor://localhost';

export async function signIn(app: FastifyInstance, email: string, password: string, origin = TEST_ORIGIN) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin },
    payload: { email, password },
  });
}

export async function signOut(app: FastifyInstance, cookie: string) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { origin: TEST_ORIGIN, cookie } });
}

/** Registers a user and returns their id and session cookie. */
export async function registerUser(app: FastifyInstance, email: string, password = 'correct horse 1', language?: string) {
  const response = await register(app, email, password, language);
  if (response.statusCode !== 200) throw new Error(`registering ${email} failed with ${response.statusCode}: ${response.body}`);
  const body = response.json<{ user: { id: string } }>();
  return { id: body.user.id, cookie: sessionCookie(response) };
}

/** The JSON error body every failure has: { error: { code, message } }, with the status and code expected. */
export function expectApiError(response: LightMyRequestResponse, status: number, code?: string): { code: string; message: string } {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<{ error: { code: string; message: string } }>();
  expect(body.error).toEqual({ code: expect.any(String), message: expect.any(String) });
  expect(body.error.code.length).toBeGreaterThan(0);
  expect(body.error.message.length).toBeGreaterThan(0);
  if (code !== undefined) expect(body.error.code).toBe(code);
  return body.error;
}

/** Starts pg-boss on the test app's database and runs generate-prayer jobs with these stages. */
export async function startPrayerWorker(
  testApp: TestApp,
  stages: { writer: PrayerWriter; voice?: VoicePipeline; attach?: boolean },
): Promise<{ queue: Queue; stop(): Promise<void> }> {
  const { app, database, config } = testApp;
  const queue = await startQueue(database, app.log, { runsJobs: true, soleWorker: true, metrics: testApp.services.metrics });
  if (stages.attach !== false) app.jobs.attach(queue);
  const sweeper = await registerPrayerGeneration(queue, {
    queries: recordQueries(database.db),
    understanding: understandingFor(config.corpusDir),
    writer: stages.writer,
    voice: stages.voice ?? createVoicePipelineFromConfig(config.voice),
    media: app.media,
    live: app.live,
    logger: app.log,
    metrics: testApp.services.metrics,
  });
  return {
    queue,
    stop: async () => {
      sweeper.stop();
      await queue.stop({ graceful: false, close: false, wait: true, timeout: 1000 });
    },
  };
}

/** A short, fixed prayer: enough to voice quickly in tests that are about the lifecycle, not the writing. */
export const shortWriter: PrayerWriter = {
  name: 'short',
  write: async (request) => ({
    title: `A prayer for ${request.focus}`,
    text: `Lord, hear my prayer. ${request.description || 'Be near me.'}\n\nAmen.`,
  }),
};

/** Polls until the record reaches one of the statuses (the worker runs in the background). */
export async function waitForRecord(app: FastifyInstance, cookie: string, id: string, statuses: string[], timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const response = await app.inject({ method: 'GET', url: `/api/records/${id}`, headers: { cookie } });
    const record = response.json<{
      record: {
        status: string;
        error: string | null;
        audioUrl: string | null;
        duration: number | null;
        stage: string | null;
        title: string | null;
        text: string | null;
      };
    }>().record;
    if (statuses.includes(record.status)) return record;
    if (Date.now() - started > timeoutMs) throw new Error(`record ${id} still ${record.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts pg-boss on the test app's database and runs personalized journey generation with these stages. */
export async function startJourneyWorker(
  testApp: TestApp,
  stages: { writer: JourneyWriter; voice?: VoicePipeline },
): Promise<{ queue: Queue; stop(): Promise<void> }> {
  const { app, database, config } = testApp;
  const queue = await startQueue(database, app.log, { runsJobs: true, soleWorker: true, metrics: testApp.services.metrics });
  app.jobs.attach(queue);
  const sweeper = await registerJourneyGeneration(queue, {
    queries: personalizedQueries(database.db),
    understanding: understandingFor(config.corpusDir),
    writer: stages.writer,
    voice: stages.voice ?? createVoicePipelineFromConfig(config.voice),
    media: app.media,
    live: app.live,
    clock: app.clock,
    logger: app.log,
  });
  return {
    queue,
    stop: async () => {
      sweeper.stop();
      await queue.stop({ graceful: false, close: false, wait: true, timeout: 1000 });
    },
  };
}

/** A short 7-day journey: quick to voice in tests about the lifecycle, not the writing. */
export const shortJourneyWriter: JourneyWriter = {
  name: 'short-journey',
  write: async ({ input }) => ({
    title: `Praying for ${input}`,
    subtitle: 'Seven days',
    days: Array.from({ length: 7 }, (_, i) => ({
      dayNumber: i + 1,
      title: `Day ${i + 1} title`,
      subtitle: 'A short day',
      bibleVerse: { text: 'The Lord is near.', reference: 'Psalm 145:18' },
      reflection: 'Remember them with love.',
      prayer: `Lord, I thank you for ${input}. Amen.`,
      script: `Day ${i + 1}. Lord, I thank you for ${input}. Amen.`,
      targetSeconds: 8,
    })),
  }),
};

/** Gives a person a paid plan (a month from `now` unless `expires` says), as `npm run plan -- grant` does. */
/**
 * One understanding per content folder for every worker a test file starts, as one process has: its models are
 * built once (under a second a language), not again by each worker.
 */
const understandings = new Map<string, Understanding>();
function understandingFor(contentDir: string): Understanding {
  let understanding = understandings.get(contentDir);
  if (!understanding) {
    understanding = createUnderstanding({ contentDir });
    understandings.set(contentDir, understanding);
  }
  return understanding;
}

export async function grantPlan(
  testApp: TestApp,
  userId: string,
  plan: 'Faithful Plan' | 'Unlimited Prayer',
  now = new Date(),
  expires = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, Math.min(now.getUTCDate(), 28), 23, 59)),
): Promise<void> {
  await testApp.database.query(
    `UPDATE profiles SET plan = $1, purchased_at = $2, expires_at = $3, platform = 'grant', price = 0, pending_change = NULL WHERE user_id = $4`,
    [plan, now.toISOString(), expires.toISOString(), userId],
  );
}

/** Decoded samples (mono 32-bit float at 24 kHz) of audio bytes in this container: streamed and finished audio compared. */
export async function decodeAudio(data: Buffer, format: 'mp3' | 'mpegts'): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'selah-decode-'));
  try {
    const file = path.join(dir, `audio.${format === 'mp3' ? 'mp3' : 'ts'}`);
    await writeFile(file, data);
    return (await runFfmpeg(['-f', format, '-i', file, '-f', 'f32le', '-ac', '1', '-ar', '24000', 'pipe:1'])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Audio while it is voiced (issue 23), mid-way: its playlist at `url` answers one piece so far, no end yet, and
 * the piece is there.
 */
export async function expectGrowingPlaylist(app: FastifyInstance, url: string): Promise<void> {
  const early = await app.inject({ url });
  expect(early.statusCode).toBe(200);
  expect(early.headers['content-type']).toBe('application/vnd.apple.mpegurl');
  expect(early.headers['cache-control']).toContain('no-cache');
  expect(early.body).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
  expect(early.body).not.toContain('#EXT-X-ENDLIST');
  const firstSegments = early.body.split('\n').filter((line) => line.startsWith('/media/private/'));
  expect(firstSegments).toHaveLength(1);
  const first = await app.inject({ url: firstSegments[0]! });
  expect(first.statusCode).toBe(200);
  expect(first.headers['content-type']).toBe('video/mp2t');
}

/**
 * Audio once all of it is voiced: its playlist at `url` has ended, and its pieces joined are the finished file
 * at `fileUrl`, sample for sample. Answers the seconds the playlist lists.
 */
export async function expectStreamIsFile(app: FastifyInstance, url: string, fileUrl: string): Promise<number> {
  const finished = await app.inject({ url });
  expect(finished.body.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
  const segments = finished.body.split('\n').filter((line) => line.startsWith('/media/private/'));
  expect(segments.length).toBeGreaterThan(3);
  const joined = Buffer.concat(await Promise.all(segments.map(async (segment) => (await app.inject({ url: segment })).rawPayload)));
  const file = (await app.inject({ url: fileUrl })).rawPayload;
  const streamed = await decodeAudio(joined, 'mpegts');
  const whole = await decodeAudio(file, 'mp3');
  expect(streamed.length).toBeGreaterThan(24_000 * 4 * 10);
  expect(streamed.equals(whole)).toBe(true);
  return finished.body
    .split('\n')
    .filter((line) => line.startsWith('#EXTINF:'))
    .map((line) => Number(line.slice(8, -1)))
    .reduce((a, b) => a + b, 0);
}
