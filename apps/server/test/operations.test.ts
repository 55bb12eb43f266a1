import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpsApp } from '../src/app';
import type { DatabaseHandle } from '../src/platform/db/client';
import { checkReadiness } from '../src/platform/readiness';
import { createTestApp, expectApiError, registerUser, shortWriter, startPrayerWorker, TEST_ORIGIN, type TestApp } from './helpers';

/**
 * Issue 21, item 3: readiness that tells the truth, Prometheus metrics, and a worker's own port for both.
 */
describe('readiness (GET /ready)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is 503 until the job queue runs, then 200 with every check', async () => {
    const starting = await t.app.inject({ url: '/ready' });
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toMatchObject({
      status: 'unavailable',
      checks: { database: 'ok', migrations: 'ok', queue: 'starting' },
      error: { code: 'NOT_READY', message: 'job queue not running' },
    });
    expect(starting.headers['cache-control']).toBe('no-store');

    t.app.jobs.attach({ send: async () => undefined });
    const ready = await t.app.inject({ url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', queue: 'ok' } });

    // Shutting down: the queue stops first, and the load balancer hears of it.
    t.services.jobs.detach();
    expect((await t.app.inject({ url: '/ready' })).statusCode).toBe(503);
    t.app.jobs.attach({ send: async () => undefined });
  });

  it('keeps /health for liveness: it answers while the process runs', async () => {
    const health = await t.app.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.body).toBe('App is running');
  });

  const database = (overrides: Partial<DatabaseHandle>): DatabaseHandle =>
    ({ query: async () => ({ rows: [] }), pendingMigrations: async () => 0, ...overrides }) as DatabaseHandle;

  it('says the database is unreachable when it refuses or does not answer, and logs why (never in the answer)', async () => {
    const logged: unknown[] = [];
    const logger = { warn: (fields: object) => void logged.push(fields) };
    const refused = await checkReadiness({
      database: database({ query: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) }),
      queueRunning: () => true,
      logger,
    });
    expect(refused).toEqual({
      ready: false,
      checks: { database: 'unreachable', migrations: 'unknown', queue: 'ok' },
      reason: 'database unreachable',
    });
    expect(String((logged[0] as { err: Error }).err.message)).toContain('ECONNREFUSED');

    const silent = await checkReadiness({
      database: database({ query: () => new Promise(() => undefined) }),
      queueRunning: () => true,
      logger,
    });
    expect(silent).toMatchObject({ ready: false, checks: { database: 'unreachable' }, reason: 'database unreachable' });
    expect(String((logged[1] as { err: Error }).err.message)).toContain('no answer within');
  });

  it('says when migrations of this code are not applied', async () => {
    const state = await checkReadiness({ database: database({ pendingMigrations: async () => 2 }), queueRunning: () => true });
    expect(state).toEqual({
      ready: false,
      checks: { database: 'ok', migrations: 'pending', queue: 'ok' },
      reason: '2 migrations not applied',
    });
  });

  it("counts this database's migrations as applied", async () => {
    await expect(t.database.pendingMigrations()).resolves.toBe(0);
  });
});

describe('metrics (GET /metrics)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const scrape = async () => {
    const response = await t.app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('times HTTP requests by route pattern, never by address', async () => {
    await t.app.inject({ url: '/api/journeys/12345' });
    await t.app.inject({ url: '/api/journeys/67890' });
    const body = await scrape();
    expect(body).toMatch(
      /selah_http_request_duration_seconds_count\{method="GET",route="\/api\/journeys\/:journeyId",status_code="\d{3}"\} 2/,
    );
    expect(body).not.toContain('12345');
  });

  it('counts jobs by queue and state, the queue depth, job durations and generation stages', async () => {
    const worker = await startPrayerWorker(t, { writer: shortWriter });
    try {
      const { cookie } = await registerUser(t.app, 'metrics@example.com');
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/create-affirmation',
        headers: { origin: TEST_ORIGIN, cookie },
        payload: {
          recordId: randomUUID(),
          length: 3,
          topic: 'peace',
          experience: 'prayer',
          description: 'For a calm evening',
          userGoals: [],
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      await expect
        .poll(async () => /selah_jobs\{queue="generate-prayer",state="completed"\} 1/.test(await scrape()), {
          timeout: 60_000,
          interval: 500,
        })
        .toBe(true);
      const body = await scrape();
      expect(body).toMatch(/selah_queue_depth\{queue="generate-prayer"\} 0/);
      expect(body).toMatch(/selah_job_duration_seconds_count\{queue="generate-prayer",outcome="completed"\} 1/);
      for (const stage of ['write', 'voice', 'finish']) {
        expect(body).toMatch(new RegExp(`selah_generation_stage_seconds_count\\{kind="prayer",stage="${stage}"\\} 1`));
      }
      expect(body).not.toContain('__pgboss');
    } finally {
      await worker.stop();
    }
  });

  it('counts the event streams this process holds', async () => {
    expect(await scrape()).toMatch(/selah_event_streams_open 0/);
  });

  it("shows the PostgreSQL pool's connections (none for the embedded database)", async () => {
    const body = await scrape();
    if (t.database.kind === 'postgres') expect(body).toMatch(/selah_db_pool_connections\{state="total"\} \d+/);
    else expect(body).not.toMatch(/selah_db_pool_connections\{/);
  });
});

describe('metrics behind a token, and the worker’s own port', () => {
  const TOKEN = 'scrape-token-0123456789';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => t?.close());

  it('answers /metrics only with the token', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
      const response = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expectApiError(response, 401, 'UNAUTHORIZED');
    }
    const allowed = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(allowed.statusCode).toBe(200);
  });

  it('serves /health, /ready and /metrics on a worker, and JSON 404 for anything else', async () => {
    const ops = await buildOpsApp(t.services);
    try {
      expect((await ops.inject({ url: '/health' })).body).toBe('App is running');
      expect((await ops.inject({ url: '/ready' })).statusCode).toBe(503);
      t.services.jobs.attach({ send: async () => undefined });
      expect((await ops.inject({ url: '/ready' })).statusCode).toBe(200);
      expect((await ops.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body).toContain('selah_jobs');
      for (const url of ['/', '/dashboard', '/api/me', '/metricsx']) expectApiError(await ops.inject({ url }), 404, 'NOT_FOUND');
    } finally {
      await ops.close();
    }
  });
});

describe("the page's Content-Security-Policy for audio (issue 21, item 5)", () => {
  const mediaSrc = async (env: Record<string, string>, directive = 'media-src') => {
    const t = await createTestApp({ env });
    try {
      const policy = String((await t.app.inject({ url: '/health' })).headers['content-security-policy']);
      return new RegExp(`${directive} ([^;]*)`).exec(policy)?.[1];
    } finally {
      await t.close();
    }
  };

  it('allows the app itself alone with the local media store', async () => {
    expect(await mediaSrc({})).toBe("'self' blob:");
    expect(await mediaSrc({}, 'connect-src')).toBe("'self'");
  });

  // Path-style addresses (the default with an endpoint): people's own audio is presigned at the endpoint.
  it("allows the bucket's public address and the bucket itself, and nothing broader", async () => {
    const env = {
      MEDIA_STORE: 's3://selah-audio/prayers?endpoint=https://s3.example.net&region=eu-1&publicUrl=https://cdn.example.org/audio',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(await mediaSrc(env)).toBe("'self' blob: https://cdn.example.org https://s3.example.net");
    // The player fetches the background sounds from there to mix them (issue 22).
    expect(await mediaSrc(env, 'connect-src')).toBe("'self' https://cdn.example.org https://s3.example.net");
  });
});
