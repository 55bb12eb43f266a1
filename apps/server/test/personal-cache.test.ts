// A person's frequent reads come from memory (platform/personal-cache.ts, decision 027): the same answer again
// without the database, never another person's, and a fresh one the moment the data it is made of changes,
// through the app or behind its back, and on PostgreSQL on every process.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpApp } from '../src/app';
import { importContent } from '../src/modules/content/content.import';
import { contentQueries } from '../src/modules/content/content.queries';
import { openDatabase } from '../src/platform/db/client';
import { createServices } from '../src/services';
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from './helpers';

const get = (app: FastifyInstance, url: string, cookie: string) => app.inject({ url, headers: { cookie } });

describe('a person’s reads from memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The fixture content's journeys, with stand-in audio (no voicing needed here).
    let n = 0;
    await importContent({
      contentDir: path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/content'),
      queries: contentQueries(t.database.db),
      voicer: {
        id: 'test-voice',
        voice: async ({ text }) => ({ data: Buffer.from(text), durationSeconds: 150, contentType: 'audio/mpeg', extension: 'mp3' }),
      },
      media: { put: async () => `/media/cached-${(n += 1)}.mp3` },
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as never,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the same read again without asking the service, byte for byte', async () => {
    const { cookie } = await registerUser(t.app, 'again@example.com');
    const first = await get(t.app, '/api/me', cookie);
    expect(first.statusCode).toBe(200);
    const original = t.services.profiles.getMe;
    let asked = 0;
    t.services.profiles.getMe = (...args) => {
      asked += 1;
      return original(...args);
    };
    try {
      const again = await get(t.app, '/api/me', cookie);
      expect(again.statusCode).toBe(200);
      expect(again.headers['content-type']).toContain('application/json');
      expect(again.body).toBe(first.body);
    } finally {
      t.services.profiles.getMe = original;
    }
    expect(asked).toBe(0);
  });

  it('answers a kept read compressed as asked, the same JSON as the first answer', async () => {
    const { id, cookie } = await registerUser(t.app, 'long-library@example.com');
    for (let i = 0; i < 6; i += 1) {
      await t.database.query(
        `INSERT INTO records (id, user_id, status, length, preference, experience, description, language)
         VALUES (gen_random_uuid(), $1, 'pending', 3, 'peace', 'prayer', $2, 'en')`,
        [id, `a description long enough to make the library worth compressing, number ${i}`],
      );
    }
    const decoded = (response: { headers: Record<string, unknown>; rawPayload: Buffer }) =>
      JSON.parse(
        (response.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(response.rawPayload)
          : response.headers['content-encoding'] === 'gzip'
            ? gunzipSync(response.rawPayload)
            : response.rawPayload
        ).toString('utf8'),
      ) as unknown;
    const ask = (encoding: string) => t.app.inject({ url: '/api/records', headers: { cookie, 'accept-encoding': encoding } });
    const first = await ask('br');
    expect(first.headers['content-encoding']).toBe('br');
    const expected = decoded(first);
    expect(expected).toMatchObject({ items: expect.arrayContaining([expect.objectContaining({ status: 'pending' })]) });
    for (const encoding of ['br', 'gzip', 'identity', 'br']) {
      const again = await ask(encoding);
      expect(again.statusCode).toBe(200);
      expect(again.headers['content-encoding'] ?? 'identity').toBe(encoding);
      expect(decoded(again)).toEqual(expected);
    }
  });

  it('answers afresh on every process after a change made on another (PostgreSQL)', async ({ skip }) => {
    if (!t.database.url) skip('PGlite runs in one process');
    const database = await openDatabase({ url: t.database.url!, poolSize: 2 });
    const services = await createServices({ config: t.config, database, logger: false, mailer: { send: async () => undefined } });
    const other = await buildHttpApp(services);
    try {
      await other.ready();
      const { id, cookie } = await registerUser(t.app, 'two-processes@example.com');
      for (const app of [t.app, other]) expect((await get(app, '/api/me', cookie)).json()).toMatchObject({ displayName: null });
      const patched = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { cookie, origin: TEST_ORIGIN },
        payload: { displayName: 'Ruth' },
      });
      expect(patched.statusCode).toBe(200);
      // The change's answer came after every process heard of it: the next read anywhere is fresh.
      expect((await get(other, '/api/me', cookie)).json()).toMatchObject({ displayName: 'Ruth' });
      // A worker's change (no request at all): each process drops its answer when the notice arrives.
      await t.database.query(`UPDATE profiles SET display_name = 'Naomi' WHERE user_id = $1`, [id]);
      await expect.poll(async () => (await get(other, '/api/me', cookie)).json<{ displayName: string }>().displayName).toBe('Naomi');
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('never answers one person with another’s', async () => {
    const ana = await registerUser(t.app, 'ana-cache@example.com');
    const ben = await registerUser(t.app, 'ben-cache@example.com');
    for (let i = 0; i < 2; i += 1) {
      expect((await get(t.app, '/api/me', ana.cookie)).json()).toMatchObject({ email: 'ana-cache@example.com' });
      expect((await get(t.app, '/api/me', ben.cookie)).json()).toMatchObject({ email: 'ben-cache@example.com' });
    }
  });

  it('answers afresh after a change through the app', async () => {
    const { cookie } = await registerUser(t.app, 'renames@example.com');
    expect((await get(t.app, '/api/me', cookie)).json()).toMatchObject({ displayName: null });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { displayName: 'Maria' },
    });
    expect(patched.statusCode).toBe(200);
    expect((await get(t.app, '/api/me', cookie)).json()).toMatchObject({ displayName: 'Maria' });
  });

  it('answers afresh after a change in the database itself (a worker, an operator)', async () => {
    const { id, cookie } = await registerUser(t.app, 'behind-the-back@example.com');
    expect((await get(t.app, '/api/records', cookie)).json()).toMatchObject({ items: [] });
    expect((await get(t.app, '/api/user/generation-stats', cookie)).json()).toMatchObject({ totalCount: 0 });
    expect((await get(t.app, '/api/journey-progress', cookie)).json()).toEqual({ progress: [] });

    await t.database.query(`UPDATE profiles SET display_name = 'Operator' WHERE user_id = $1`, [id]);
    await t.database.query(`INSERT INTO generation_counters (user_id, month_key, count) VALUES ($1, '2026-11', 2)`, [id]);
    // Another person's count is theirs alone.
    const other = await registerUser(t.app, 'someone-else@example.com');
    await t.database.query(`INSERT INTO generation_counters (user_id, month_key, count) VALUES ($1, '2026-11', 5)`, [other.id]);
    expect((await get(t.app, '/api/user/generation-stats', other.cookie)).json()).toMatchObject({ totalCount: 5 });
    await t.database.query(
      `INSERT INTO records (id, user_id, status, length, preference, experience, description, language)
       VALUES (gen_random_uuid(), $1, 'pending', 3, 'peace', 'prayer', 'by hand', 'en')`,
      [id],
    );
    // On PGlite the answers were dropped before each statement returned; on PostgreSQL when its notice arrives.
    await expect.poll(async () => (await get(t.app, '/api/me', cookie)).json()).toMatchObject({ displayName: 'Operator' });
    await expect.poll(async () => (await get(t.app, '/api/user/generation-stats', cookie)).json()).toMatchObject({ totalCount: 2 });
    await expect
      .poll(async () => (await get(t.app, '/api/records', cookie)).json<{ items: unknown[] }>().items)
      .toMatchObject([{ status: 'pending', description: 'by hand' }]);
    if (t.database.kind === 'pglite') {
      await t.database.query(`UPDATE profiles SET display_name = 'At once' WHERE user_id = $1`, [id]);
      expect((await get(t.app, '/api/me', cookie)).json()).toMatchObject({ displayName: 'At once' });
    }
  });

  it('answers afresh after journey progress, and after the journeys themselves change', async () => {
    const { cookie } = await registerUser(t.app, 'walker@example.com');
    const { journeys } = (await t.app.inject({ url: '/api/journeys?lng=en' })).json<{ journeys: { id: string }[] }>();
    const journeyId = journeys[0]!.id;
    expect((await get(t.app, '/api/journey-progress', cookie)).json()).toEqual({ progress: [] });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/journey-progress/${journeyId}`,
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { action: 'start' },
    });
    expect(started.statusCode).toBe(200);
    expect((await get(t.app, '/api/journey-progress', cookie)).json()).toMatchObject({ progress: [{ journeyId }] });
    await t.database.query('UPDATE prayer_journeys SET is_active = false WHERE id = $1', [journeyId]);
    try {
      await expect.poll(async () => (await get(t.app, '/api/journey-progress', cookie)).json()).toEqual({ progress: [] });
    } finally {
      await t.database.query('UPDATE prayer_journeys SET is_active = true WHERE id = $1', [journeyId]);
    }
    await expect.poll(async () => (await get(t.app, '/api/journey-progress', cookie)).json()).toMatchObject({ progress: [{ journeyId }] });
  });
});
