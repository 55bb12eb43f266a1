import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../src/platform/db/schema';
import { createTestApp, expectApiError, grantPlan, registerUser, type TestApp } from './helpers';

describe('isolation between users', () => {
  let t: TestApp;
  let alice: { id: string; cookie: string };
  let bob: { id: string; cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    alice = await registerUser(t.app, 'alice@example.com', 'alice password 1', 'es');
    bob = await registerUser(t.app, 'bob@example.com', 'bob password 1', 'pl');
  });
  afterAll(async () => t.close());

  const getMe = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });

  it('answers GET /api/me with the caller’s own profile', async () => {
    const asBob = await getMe(bob.cookie);
    expect(asBob.statusCode).toBe(200);
    expect(asBob.json()).toMatchObject({ id: bob.id, email: 'bob@example.com', language: 'pl' });
    expect(asBob.body).not.toContain(alice.id);
    expect(asBob.body).not.toContain('alice@example.com');

    const asAlice = await getMe(alice.cookie);
    expect(asAlice.json()).toMatchObject({ id: alice.id, email: 'alice@example.com', language: 'es' });
  });

  it('changes only the caller’s profile on PATCH /api/me', async () => {
    await grantPlan(t, alice.id, 'Faithful Plan');
    const bobBefore = (await getMe(bob.cookie)).json<Record<string, unknown>>();
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: alice.cookie },
      payload: { displayName: 'Alice', goals: ['Alice goal'], language: 'en', prayerNotifications: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: alice.id, displayName: 'Alice', goals: ['Alice goal'] });
    expect((await getMe(bob.cookie)).json()).toEqual(bobBefore);
  });

  it('does not let a PATCH name another user', async () => {
    for (const payload of [{ id: bob.id, language: 'en' }, { userId: bob.id, language: 'en' }, { email: 'bob@example.com' }]) {
      const response = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: alice.cookie }, payload });
      expectApiError(response, 400, 'VALIDATION_ERROR');
    }
    expect((await getMe(bob.cookie)).json()).toMatchObject({ id: bob.id, language: 'pl' });
    expect((await getMe(alice.cookie)).json()).toMatchObject({ id: alice.id, email: 'alice@example.com' });
  });

  it('never shows one user’s data to another on any documented GET route', async () => {
    const doc = (await t.app.inject({ url: '/api/docs' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const getPaths = Object.entries(doc.paths)
      // /api/events is a stream that stays open; its isolation is tested with the worker (generation-worker.test.ts).
      .filter(([route, methods]) => 'get' in methods && !route.includes('{') && route !== '/api/events')
      .map(([route]) => route);
    expect(getPaths).toContain('/api/me');
    for (const route of getPaths) {
      const response = await t.app.inject({ url: route, headers: { cookie: alice.cookie } });
      expect(response.statusCode, route).toBeLessThan(500);
      expect(response.body, route).not.toContain(bob.id);
      expect(response.body, route).not.toContain('bob@example.com');
    }
  });

  describe('analytics events', () => {
    const post = (payload: unknown, cookie?: string) =>
      t.app.inject({ method: 'POST', url: '/api/analytics/events', headers: cookie ? { cookie } : {}, payload: payload as object });
    const latest = async () => {
      const [row] = await t.database.db.select().from(analyticsEvents).orderBy(desc(analyticsEvents.id)).limit(1);
      return row;
    };

    it('stores an event with the signed-in user', async () => {
      const response = await post({ name: 'screen_view', params: { screen_name: '/dashboard' } }, alice.cookie);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ accepted: true });
      expect(await latest()).toMatchObject({ userId: alice.id, name: 'screen_view', params: { screen_name: '/dashboard' } });

      await post({ name: 'login', params: { method: 'email' } }, bob.cookie);
      expect(await latest()).toMatchObject({ userId: bob.id, name: 'login', params: { method: 'email' } });
    });

    it('stores an event without a user when signed out', async () => {
      const response = await post({ name: 'screen_view', params: { screen_name: '/login' } });
      expect(response.statusCode).toBe(202);
      expect(await latest()).toMatchObject({ userId: null, name: 'screen_view', params: { screen_name: '/login' } });
    });

    it('accepts every event of the spec', async () => {
      const events = [
        { name: 'play_audio', params: { audio_id: 'a1', audio_title: 'Morning prayer', category: 'prayers' } },
        {
          name: 'purchase',
          params: { currency: 'USD', value: 14.99, items: [{ item_name: 'Faithful Plan', price: 14.99 }], method: 'apple' },
        },
        { name: 'begin_checkout', params: { item_name: 'Unlimited Prayer', price: 29.99, method: 'apple' } },
      ];
      for (const event of events) {
        expect((await post(event, alice.cookie)).statusCode, event.name).toBe(202);
        expect(await latest()).toMatchObject({ userId: alice.id, ...event });
      }
    });

    it.each([
      ['an unknown name', { name: 'hack', params: {} }],
      ['a missing name', { params: { screen_name: '/dashboard' } }],
      ['missing params', { name: 'screen_view' }],
      ['an empty screen name', { name: 'screen_view', params: { screen_name: '' } }],
      ['an extra param', { name: 'screen_view', params: { screen_name: '/dashboard', user_id: 'someone' } }],
      ['params of another event', { name: 'screen_view', params: { method: 'email' } }],
      ['a currency other than USD', { name: 'purchase', params: { currency: 'EUR', value: 1, items: [], method: 'apple' } }],
    ])('rejects %s with 400 VALIDATION_ERROR and stores nothing', async (_label, payload) => {
      const before = await latest();
      expectApiError(await post(payload, alice.cookie), 400, 'VALIDATION_ERROR');
      expect((await latest())?.id).toBe(before?.id);
    });
  });
});
