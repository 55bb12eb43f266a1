import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthKey } from '@selah/domain/plans';
import type { GenerationStats, PrayerRecord, RecordsPage, SearchResponse } from '@selah/domain/records';
import type { JobOptions } from '../src/platform/jobs';
import { createTestApp, expectApiError, registerUser, TEST_ORIGIN, type TestApp } from './helpers';

/** The API of personal prayers, with a recorder in place of the queue (the worker has its own tests). */
describe('personal prayers API', () => {
  let t: TestApp;
  const sent: { name: string; data: { recordId: string }; options: JobOptions }[] = [];
  let alice: { id: string; cookie: string };
  let bob: { id: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApp();
    t.app.jobs.attach({
      send: async (name, data, options) => {
        sent.push({ name, data: data as { recordId: string }, options });
        return null;
      },
    });
    alice = await registerUser(t.app, 'alice@example.com');
    bob = await registerUser(t.app, 'bob@example.com', 'correct horse 1', 'es');
  });
  afterAll(() => t.close());

  const create = (cookie: string | undefined, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-affirmation',
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload,
    });
  const valid = (extra: object = {}) => ({
    recordId: randomUUID(),
    length: 3,
    topic: 'peace',
    experience: 'prayer',
    description: 'My mother is in hospital and I cannot sleep',
    userGoals: ['Pray every morning', '  '],
    ...extra,
  });
  const stats = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user/generation-stats', headers: { cookie } })).json<GenerationStats>();

  it('answers 401 with the JSON error on every endpoint when signed out', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/user/generation-stats' },
      { method: 'GET' as const, url: '/api/records' },
      { method: 'GET' as const, url: `/api/records/${randomUUID()}` },
      { method: 'POST' as const, url: `/api/records/${randomUUID()}/retry` },
      { method: 'GET' as const, url: '/api/search?q=peace' },
      { method: 'GET' as const, url: '/api/events' },
    ];
    for (const call of calls) expectApiError(await t.app.inject({ ...call, headers: { origin: TEST_ORIGIN } }), 401, 'UNAUTHORIZED');
    expectApiError(await create(undefined, valid()), 401, 'UNAUTHORIZED');
  });

  it('rejects bad bodies with 400 and creates nothing', async () => {
    const before = await stats(alice.cookie);
    for (const payload of [
      valid({ topic: 'money' }),
      valid({ experience: 'song' }),
      valid({ recordId: 'not-a-uuid' }),
      valid({ length: 5 }),
      valid({ description: 'x'.repeat(1001) }),
      valid({ userGoals: ['a', 'b', 'c', 'd', 'e', 'f'] }),
      valid({ extra: true }),
      { topic: 'peace' },
    ]) {
      expectApiError(await create(alice.cookie, payload), 400, 'VALIDATION_ERROR');
    }
    const invalidJson = await t.app.inject({
      method: 'POST',
      url: '/api/create-affirmation',
      headers: { origin: TEST_ORIGIN, cookie: alice.cookie, 'content-type': 'application/json' },
      payload: '{"topic":',
    });
    expectApiError(invalidJson, 400, 'VALIDATION_ERROR');
    expect(await stats(alice.cookie)).toEqual(before);
  });

  it('stores the record pending, queues one job, and answers at once', async () => {
    const body = valid();
    const response = await create(alice.cookie, body);
    expect(response.statusCode, response.body).toBe(201);
    const { record } = response.json<{ record: PrayerRecord }>();
    expect(record).toMatchObject({ id: body.recordId, status: 'pending', preference: 'peace', experience: 'prayer', length: 3 });
    expect(record.description).toBe(body.description);
    expect(sent.filter((job) => job.data.recordId === body.recordId)).toEqual([
      { name: 'generate-prayer', data: { recordId: body.recordId }, options: expect.objectContaining({ retryLimit: 2 }) },
    ]);
    const month = await stats(alice.cookie);
    expect(month.monthlyCount[monthKey(new Date())]).toBe(1);
    expect(month).toMatchObject({ totalCount: 1, plan: 'Free', monthlyLimit: 5, currentMonth: monthKey(new Date()) });
  });

  it('is idempotent by recordId: the same id twice is one record and one unit of quota', async () => {
    const body = valid({ topic: 'faith' });
    const before = (await stats(alice.cookie)).totalCount;
    const first = await create(alice.cookie, body);
    const second = await create(alice.cookie, body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json<{ record: PrayerRecord }>().record.id).toBe(body.recordId);
    expect((await stats(alice.cookie)).totalCount).toBe(before + 1);
    expect(sent.filter((job) => job.data.recordId === body.recordId)).toHaveLength(1);
    // Another user cannot take over (or learn about) that id.
    expectApiError(await create(bob.cookie, body), 409, 'CONFLICT');
  });

  it('never lets parallel requests exceed the monthly limit: 3 units left, 10 requests, 3 accepted', async () => {
    const carol = await registerUser(t.app, 'carol@example.com');
    for (let i = 0; i < 2; i += 1) expect((await create(carol.cookie, valid())).statusCode).toBe(201);
    const responses = await Promise.all(Array.from({ length: 10 }, () => create(carol.cookie, valid())));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 403)).toHaveLength(7);
    for (const response of responses.filter((r) => r.statusCode === 403)) expectApiError(response, 403, 'LIMIT_REACHED');
    const after = await stats(carol.cookie);
    expect(after.monthlyCount[after.currentMonth]).toBe(5);
    const page = (await t.app.inject({ method: 'GET', url: '/api/records', headers: { cookie: carol.cookie } })).json<RecordsPage>();
    expect(page.items).toHaveLength(5);
  });

  it('lists records newest first, 20 at a time, with a cursor', async () => {
    const dave = await registerUser(t.app, 'dave@example.com');
    await t.database.exec(`UPDATE profiles SET plan = 'Faithful Plan' WHERE user_id = '${dave.id}'`);
    const ids: string[] = [];
    for (let i = 0; i < 25; i += 1) {
      const body = valid({ description: `intention ${i}` });
      expect((await create(dave.cookie, body)).statusCode).toBe(201);
      ids.push(body.recordId);
    }
    const first = (await t.app.inject({ method: 'GET', url: '/api/records', headers: { cookie: dave.cookie } })).json<RecordsPage>();
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await t.app.inject({ method: 'GET', url: `/api/records?cursor=${first.nextCursor}`, headers: { cookie: dave.cookie } })
    ).json<RecordsPage>();
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((record) => record.id)).toEqual([...ids].reverse());
    expectApiError(await t.app.inject({ method: 'GET', url: '/api/records?cursor=bogus', headers: { cookie: dave.cookie } }), 400);
    expectApiError(await t.app.inject({ method: 'GET', url: '/api/records?limit=500', headers: { cookie: dave.cookie } }), 400);
    // Only the owner sees a record.
    expectApiError(
      await t.app.inject({ method: 'GET', url: `/api/records/${ids[0]}`, headers: { cookie: alice.cookie } }),
      404,
      'NOT_FOUND',
    );
    expectApiError(await t.app.inject({ method: 'GET', url: '/api/records/42', headers: { cookie: alice.cookie } }), 400);
  });

  it('retries only a failed record of the user, without taking more quota', async () => {
    const frank = await registerUser(t.app, 'frank@example.com');
    const body = valid();
    expect((await create(frank.cookie, body)).statusCode).toBe(201);
    const retry = (cookie: string, id: string) =>
      t.app.inject({ method: 'POST', url: `/api/records/${id}/retry`, headers: { origin: TEST_ORIGIN, cookie } });
    expectApiError(await retry(frank.cookie, body.recordId), 409, 'CONFLICT');
    await t.database.exec(`UPDATE records SET status = 'failed', error = 'voice down' WHERE id = '${body.recordId}'`);
    expectApiError(await retry(bob.cookie, body.recordId), 404, 'NOT_FOUND');
    const before = await stats(frank.cookie);
    const jobsBefore = sent.length;
    const response = await retry(frank.cookie, body.recordId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ record: PrayerRecord }>().record).toMatchObject({ status: 'pending', error: null });
    expect(sent.length).toBe(jobsBefore + 1);
    expect(await stats(frank.cookie)).toEqual(before);
  });

  it('searches the user’s completed prayers by title, focus or description, case-insensitively, newest first', async () => {
    const erin = await registerUser(t.app, 'erin@example.com');
    const make = async (description: string, status: string, title: string) => {
      const body = valid({ description, topic: 'healing' });
      await create(erin.cookie, body);
      await t.database.exec(
        `UPDATE records SET status = '${status}', title = '${title}', audio_url = '/media/x.mp3', duration = 180, record_text = 'Lord.' WHERE id = '${body.recordId}'`,
      );
      return body.recordId;
    };
    const older = await make('Courage for my brother Tomasz', 'completed', 'Strength in the Night');
    const newer = await make('Patience at work, 100% of the time', 'completed', 'A Quiet Morning');
    await make('Tomasz again, still generating', 'processing', 'Pending one');
    const search = async (q: string, cookie = erin.cookie) =>
      (await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers: { cookie } })).json<SearchResponse>();

    expect((await search('tomasz')).results.map((r) => r.id)).toEqual([older]);
    expect((await search('QUIET MORNING')).results.map((r) => r.id)).toEqual([newer]);
    expect((await search('healing')).results.filter((r) => !r.isDefault).map((r) => r.id)).toEqual([newer, older]);
    expect((await search('100%')).results.map((r) => r.id)).toEqual([newer]);
    expect((await search('%')).results.filter((r) => !r.isDefault)).toHaveLength(1);
    expect((await search('   ')).results).toEqual([]);
    expect((await search('tomasz', alice.cookie)).results).toEqual([]);
    expectApiError(await t.app.inject({ method: 'GET', url: `/api/search?q=${'a'.repeat(101)}`, headers: { cookie: erin.cookie } }), 400);
  });
});
