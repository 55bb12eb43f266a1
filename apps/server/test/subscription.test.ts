import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EVENT_MS } from '@selah/domain/subscription-schemas';
import { startProtocolServer, respond, type ProtocolServer } from '../src/testing/protocol-server';
import { createTestApp, expectApiError, grantPlan, registerUser, TEST_ORIGIN, type TestApp } from './helpers';

/**
 * Plans end to end (issue 17): the subscription in force, Free chosen on the web, RevenueCat's webhook and the
 * app's sync against a local server that speaks RevenueCat's REST API, the monthly limit following the plan,
 * and goals kept for paid plans.
 */

const WEBHOOK_AUTH = 'Bearer webhook-secret-0123456789';
const SECRET_KEY = 'sk_test_secret_key';
const DAY = 86_400_000;

interface View {
  plan: string;
  expiresAt: string | null;
  purchasedAt: string | null;
  platform: string | null;
  productId: string | null;
  storeManaged: boolean;
  pendingChange: { fromPlan: string; toPlan: string; effectiveDate: string; type: string; productId: string | null } | null;
  usage: { month: string; count: number; limit: number; unlimited: boolean };
}

describe('subscription', () => {
  let t: TestApp;
  let store: ProtocolServer;
  const logLines: string[] = [];

  beforeAll(async () => {
    store = await startProtocolServer();
    t = await createTestApp({
      env: {
        ENABLE_TEST_CLOCK: '1',
        REVENUECAT_WEBHOOK_AUTH: WEBHOOK_AUTH,
        REVENUECAT_SECRET_KEY: SECRET_KEY,
        REVENUECAT_API_URL: store.url,
      },
      logLines: { level: 'info', lines: logLines },
    });
    // Jobs are only counted here: the quota is taken when a prayer is created, not when it is voiced.
    t.app.jobs.attach({ send: async () => null });
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });
  afterEach(() => store.assertDone());

  const now = async (): Promise<number> => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: 0 } });
    return Date.parse(response.json<{ now: string }>().now);
  };
  const advance = (ms: number) => t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { advanceMs: ms } });
  const view = async (cookie: string): Promise<View> => {
    const response = await t.app.inject({ url: '/api/subscription', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<View>();
  };
  const post = (url: string, cookie: string) => t.app.inject({ method: 'POST', url, headers: { cookie, origin: TEST_ORIGIN } });
  // null: no Authorization header at all.
  const webhook = (body: unknown, authorization: string | null = WEBHOOK_AUTH, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/revenuecat',
      headers: { 'content-type': contentType, ...(authorization === null ? {} : { authorization }) },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  let eventCount = 0;
  const event = (fields: Record<string, unknown>) => ({
    api_version: '1.0',
    event: { id: `evt-${++eventCount}-${Math.random().toString(36).slice(2)}`, store: 'APP_STORE', environment: 'SANDBOX', ...fields },
  });
  const createPrayer = (cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-affirmation',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { topic: 'peace', experience: 'prayer', description: 'a quiet heart' },
    });

  describe('GET /api/subscription', () => {
    it('is 401 signed out', async () => {
      expectApiError(await t.app.inject({ url: '/api/subscription' }), 401, 'UNAUTHORIZED');
    });

    it('starts on Free with this month’s usage against 5', async () => {
      const { cookie } = await registerUser(t.app, 'new-free@example.com');
      expect(await view(cookie)).toMatchObject({
        plan: 'Free',
        expiresAt: null,
        pendingChange: null,
        storeManaged: false,
        usage: { count: 0, limit: 5, unlimited: false },
      });
    });
  });

  describe('the monthly limit follows the plan in force', () => {
    it('a Faithful user gets 30; after the scheduled downgrade takes effect, 5', async () => {
      const { id, cookie } = await registerUser(t.app, 'faithful-limit@example.com');
      // Put the clock on the 10th of a month, so the period below ends inside that month.
      const start = new Date(await now());
      const tenth = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 10, 12);
      await advance(tenth - start.getTime());
      const clock = await now();
      // Granted earlier, its period ends tomorrow.
      await grantPlan(t, id, 'Faithful Plan', new Date(clock - 20 * DAY), new Date(clock + DAY));
      const faithful = await view(cookie);
      expect(faithful).toMatchObject({ plan: 'Faithful Plan', platform: 'grant', usage: { limit: 30 } });
      const generationStats = await t.app.inject({ url: '/api/user/generation-stats', headers: { cookie } });
      expect(generationStats.json()).toMatchObject({ plan: 'Faithful Plan', monthlyLimit: 30 });

      for (let i = 0; i < 6; i += 1) expect((await createPrayer(cookie)).statusCode).toBeLessThan(300);

      // Free on the web: the paid plan stays to the end of its period, as a pending cancellation.
      const chosen = await post('/api/subscription/free', cookie);
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect(chosen.json<View>()).toMatchObject({
        plan: 'Faithful Plan',
        pendingChange: { fromPlan: 'Faithful Plan', toPlan: 'Free', type: 'cancellation', effectiveDate: faithful.expiresAt },
        usage: { count: 6, limit: 30 },
      });
      expect((await createPrayer(cookie)).statusCode).toBeLessThan(300);

      await advance(2 * DAY);
      expect(await view(cookie)).toMatchObject({ plan: 'Free', pendingChange: null, usage: { count: 7, limit: 5 } });
      expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json()).toMatchObject({
        subscription: { plan: 'Free', pendingChange: null },
      });
      expectApiError(await createPrayer(cookie), 403, 'LIMIT_REACHED');
    });
  });

  describe('POST /api/subscription/free', () => {
    it('is 401 signed out', async () => {
      expectApiError(await t.app.inject({ method: 'POST', url: '/api/subscription/free', headers: { origin: TEST_ORIGIN } }), 401);
    });

    it('writes Free for a Free person (no pending change)', async () => {
      const { cookie } = await registerUser(t.app, 'free-free@example.com');
      const response = await post('/api/subscription/free', cookie);
      expect(response.json<View>()).toMatchObject({ plan: 'Free', pendingChange: null, platform: 'web' });
    });

    it('does not cancel a plan bought in the App Store: it says where to do it, and changes nothing', async () => {
      const { id, cookie } = await registerUser(t.app, 'store-free@example.com');
      const clock = await now();
      expect(
        (
          await webhook(
            event({
              type: 'INITIAL_PURCHASE',
              app_user_id: id,
              product_id: 'unlimitedprayer',
              event_timestamp_ms: clock,
              purchased_at_ms: clock,
              expiration_at_ms: clock + 30 * DAY,
            }),
          )
        ).json(),
      ).toEqual({ received: true, outcome: 'applied' });
      const before = await view(cookie);
      expect(before).toMatchObject({ plan: 'Unlimited Prayer', storeManaged: true, usage: { limit: 1000, unlimited: true } });
      const error = expectApiError(await post('/api/subscription/free', cookie), 409, 'STORE_MANAGED');
      expect(error.message).toMatch(/App Store/);
      expect(await view(cookie)).toEqual(before);
    });
  });

  describe('POST /api/webhooks/revenuecat', () => {
    let userId: string;
    let cookie: string;
    beforeAll(async () => {
      ({ id: userId, cookie } = await registerUser(t.app, 'webhook@example.com'));
    });

    it('refuses a missing or wrong Authorization with 401 and changes nothing', async () => {
      const clock = await now();
      const body = event({
        type: 'INITIAL_PURCHASE',
        app_user_id: userId,
        product_id: 'faithfulplan',
        event_timestamp_ms: clock,
        expiration_at_ms: clock + 30 * DAY,
      });
      for (const authorization of [null, '', 'Bearer wrong', `${WEBHOOK_AUTH}x`, WEBHOOK_AUTH.slice(0, -1), WEBHOOK_AUTH.toLowerCase()]) {
        const response = await webhook(body, authorization);
        expect(response.statusCode, `Authorization ${JSON.stringify(authorization)}`).toBe(401);
        expectApiError(response, 401, 'UNAUTHORIZED');
      }
      expect(await view(cookie)).toMatchObject({ plan: 'Free' });
      // The refused deliveries were not stored: the same event with the secret is applied.
      expect((await webhook(body)).json()).toEqual({ received: true, outcome: 'applied' });
      expect(await view(cookie)).toMatchObject({ plan: 'Faithful Plan', productId: 'faithfulplan', platform: 'ios', storeManaged: true });
    });

    it('applies the same event once (RevenueCat retries with the same id)', async () => {
      const clock = await now();
      const body = event({
        type: 'RENEWAL',
        app_user_id: userId,
        product_id: 'faithfulplan',
        event_timestamp_ms: clock + 1,
        purchased_at_ms: clock,
        expiration_at_ms: clock + 40 * DAY,
      });
      expect((await webhook(body)).json()).toEqual({ received: true, outcome: 'applied' });
      const once = await view(cookie);
      expect(once.expiresAt).toBe(new Date(clock + 40 * DAY).toISOString());
      // A cancellation in between, then the renewal's retry: the retry does not take the cancellation back.
      const cancel = event({
        type: 'CANCELLATION',
        app_user_id: userId,
        product_id: 'faithfulplan',
        event_timestamp_ms: clock + 2,
        expiration_at_ms: clock + 40 * DAY,
      });
      expect((await webhook(cancel)).json()).toEqual({ received: true, outcome: 'applied' });
      expect((await webhook(body)).json()).toEqual({ received: true, outcome: 'duplicate' });
      expect(await view(cookie)).toMatchObject({ plan: 'Faithful Plan', pendingChange: { toPlan: 'Free', type: 'cancellation' } });
    });

    it('applies one of two simultaneous deliveries of the same event', async () => {
      const person = await registerUser(t.app, 'twice-at-once@example.com');
      const clock = await now();
      const body = event({
        type: 'INITIAL_PURCHASE',
        app_user_id: person.id,
        product_id: 'faithfulplan',
        event_timestamp_ms: clock,
        expiration_at_ms: clock + 30 * DAY,
      });
      const outcomes = await Promise.all([webhook(body), webhook(body), webhook(body)]);
      expect(outcomes.map((response) => response.json<{ outcome: string }>().outcome).sort()).toEqual([
        'applied',
        'duplicate',
        'duplicate',
      ]);
      expect(await view(person.cookie)).toMatchObject({ plan: 'Faithful Plan' });
    });

    it('takes a time stamp from the future as now, so later news is not held back by it', async () => {
      const person = await registerUser(t.app, 'future-stamp@example.com');
      const clock = await now();
      const future = event({
        type: 'INITIAL_PURCHASE',
        app_user_id: person.id,
        product_id: 'faithfulplan',
        event_timestamp_ms: clock + 365 * DAY,
        expiration_at_ms: clock + 30 * DAY,
      });
      expect((await webhook(future)).json()).toMatchObject({ outcome: 'applied' });
      await advance(10 * 60_000);
      const later = event({
        type: 'PRODUCT_CHANGE',
        app_user_id: person.id,
        product_id: 'faithfulplan',
        new_product_id: 'unlimitedprayer',
        event_timestamp_ms: clock + 10 * 60_000,
        expiration_at_ms: clock + 30 * DAY,
      });
      expect((await webhook(later)).json()).toMatchObject({ outcome: 'applied' });
      expect(await view(person.cookie)).toMatchObject({ plan: 'Unlimited Prayer' });
    });

    it('lets no stamp from the future hide a genuine expiration a second later', async () => {
      // Far beyond any drift between RevenueCat's clock and ours, and just beyond the 5 minutes allowed for it: the
      // stamp is not believed, the event counts from its receipt, and the next news is not held back by it.
      for (const [label, ahead] of [
        ['a year', 365 * DAY],
        ['six minutes', 6 * 60_000],
      ] as const) {
        const person = await registerUser(t.app, `future-then-expired-${ahead}@example.com`);
        const clock = await now();
        const future = event({
          type: 'RENEWAL',
          app_user_id: person.id,
          product_id: 'faithfulplan',
          event_timestamp_ms: clock + ahead,
          purchased_at_ms: clock,
          expiration_at_ms: clock + 30 * DAY,
        });
        expect((await webhook(future)).json(), label).toMatchObject({ outcome: 'applied' });
        expect(await view(person.cookie), label).toMatchObject({ plan: 'Faithful Plan' });
        await advance(1000);
        const expiration = event({
          type: 'EXPIRATION',
          app_user_id: person.id,
          product_id: 'faithfulplan',
          event_timestamp_ms: clock + 1000,
          expiration_at_ms: clock + 1000,
        });
        expect((await webhook(expiration)).json(), label).toMatchObject({ outcome: 'applied' });
        expect(await view(person.cookie), label).toMatchObject({ plan: 'Free', usage: { limit: 5 } });
      }
      expect(logLines.some((line) => line.includes('stamped in the future'))).toBe(true);
    });

    it('handles every event type as RevenueCat documents it', async () => {
      const person = await registerUser(t.app, 'every-event@example.com');
      let clock = await now();
      const send = async (fields: Record<string, unknown>) => {
        clock += 1000;
        const response = await webhook(event({ app_user_id: person.id, event_timestamp_ms: clock, ...fields }));
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ outcome: string }>().outcome;
      };
      const state = () => view(person.cookie);
      const end = clock + 30 * DAY;

      expect(await send({ type: 'TEST' })).toBe('ignored');
      expect(await state()).toMatchObject({ plan: 'Free' });

      expect(
        await send({ type: 'INITIAL_PURCHASE', product_id: 'faithfulplan', purchased_at_ms: clock, expiration_at_ms: end, price: 14.99 }),
      ).toBe('applied');
      expect(await state()).toMatchObject({ plan: 'Faithful Plan', expiresAt: new Date(end).toISOString(), usage: { limit: 30 } });

      // An upgrade is in force at once.
      expect(
        await send({ type: 'PRODUCT_CHANGE', product_id: 'faithfulplan', new_product_id: 'unlimitedprayer', expiration_at_ms: end }),
      ).toBe('applied');
      expect(await state()).toMatchObject({
        plan: 'Unlimited Prayer',
        productId: 'unlimitedprayer',
        pendingChange: null,
        usage: { limit: 1000 },
      });

      // A downgrade waits for the end of the period.
      expect(
        await send({ type: 'PRODUCT_CHANGE', product_id: 'unlimitedprayer', new_product_id: 'faithfulplan', expiration_at_ms: end }),
      ).toBe('applied');
      expect(await state()).toMatchObject({
        plan: 'Unlimited Prayer',
        pendingChange: {
          fromPlan: 'Unlimited Prayer',
          toPlan: 'Faithful Plan',
          type: 'downgrade',
          effectiveDate: new Date(end).toISOString(),
          productId: 'faithfulplan',
        },
      });

      // The store could not charge: the plan stays until it expires.
      expect(await send({ type: 'BILLING_ISSUE', product_id: 'unlimitedprayer' })).toBe('ignored');
      expect(await state()).toMatchObject({ plan: 'Unlimited Prayer' });

      // Auto-renew off: a pending cancellation at the end of the period; turned back on: taken back.
      expect(await send({ type: 'CANCELLATION', product_id: 'unlimitedprayer', expiration_at_ms: end, cancel_reason: 'UNSUBSCRIBE' })).toBe(
        'applied',
      );
      expect(await state()).toMatchObject({ plan: 'Unlimited Prayer', pendingChange: { toPlan: 'Free', type: 'cancellation' } });
      expect(await send({ type: 'UNCANCELLATION', product_id: 'unlimitedprayer', purchased_at_ms: clock, expiration_at_ms: end })).toBe(
        'applied',
      );
      expect(await state()).toMatchObject({ plan: 'Unlimited Prayer', pendingChange: null });

      // Renewed: one more period.
      expect(await send({ type: 'RENEWAL', product_id: 'unlimitedprayer', purchased_at_ms: end, expiration_at_ms: end + 30 * DAY })).toBe(
        'applied',
      );
      expect(await state()).toMatchObject({ plan: 'Unlimited Prayer', expiresAt: new Date(end + 30 * DAY).toISOString() });

      // Paused (Google Play): ends at the period's end like a cancellation.
      expect(
        await send({ type: 'SUBSCRIPTION_PAUSED', product_id: 'unlimitedprayer', expiration_at_ms: end + 30 * DAY, store: 'PLAY_STORE' }),
      ).toBe('applied');
      expect(await state()).toMatchObject({ plan: 'Unlimited Prayer', pendingChange: { toPlan: 'Free', type: 'cancellation' } });

      // Expired: Free.
      expect(await send({ type: 'EXPIRATION', product_id: 'unlimitedprayer', expiration_at_ms: clock })).toBe('applied');
      expect(await state()).toMatchObject({ plan: 'Free', pendingChange: null, usage: { limit: 5 } });

      // A refund: the plan ends at once.
      expect(
        await send({ type: 'INITIAL_PURCHASE', product_id: 'faithfulplan', purchased_at_ms: clock, expiration_at_ms: clock + 30 * DAY }),
      ).toBe('applied');
      expect(
        await send({ type: 'CANCELLATION', product_id: 'faithfulplan', expiration_at_ms: clock, cancel_reason: 'CUSTOMER_SUPPORT' }),
      ).toBe('applied');
      expect(await state()).toMatchObject({ plan: 'Free' });

      // Transferred to another app user: the first loses it; the second is re-read from RevenueCat.
      expect(
        await send({ type: 'INITIAL_PURCHASE', product_id: 'faithfulplan', purchased_at_ms: clock, expiration_at_ms: clock + 30 * DAY }),
      ).toBe('applied');
      const heir = await registerUser(t.app, 'heir@example.com');
      store.expect(
        'GET',
        `/v1/subscribers/${heir.id}`,
        respond(200, JSON.stringify(subscriber('faithfulplan', clock + 30 * DAY)), { 'content-type': 'application/json' }),
      );
      clock += 1000;
      const transfer = await webhook(
        event({ type: 'TRANSFER', event_timestamp_ms: clock, transferred_from: [person.id], transferred_to: [heir.id] }),
      );
      expect(transfer.json()).toEqual({ received: true, outcome: 'applied' });
      expect(await state()).toMatchObject({ plan: 'Free' });
      expect(await view(heir.cookie)).toMatchObject({ plan: 'Faithful Plan', storeManaged: true });
    });

    it('never rolls a plan back for events that arrive out of order', async () => {
      const person = await registerUser(t.app, 'out-of-order@example.com');
      const clock = await now();
      const purchase = event({
        type: 'INITIAL_PURCHASE',
        app_user_id: person.id,
        product_id: 'faithfulplan',
        event_timestamp_ms: clock,
        purchased_at_ms: clock,
        expiration_at_ms: clock + 30 * DAY,
      });
      const upgrade = event({
        type: 'PRODUCT_CHANGE',
        app_user_id: person.id,
        product_id: 'faithfulplan',
        new_product_id: 'unlimitedprayer',
        event_timestamp_ms: clock + 5000,
        expiration_at_ms: clock + 30 * DAY,
      });
      const oldExpiration = event({
        type: 'EXPIRATION',
        app_user_id: person.id,
        product_id: 'faithfulplan',
        event_timestamp_ms: clock - 60 * DAY,
        expiration_at_ms: clock - 60 * DAY,
      });
      expect((await webhook(upgrade)).json()).toMatchObject({ outcome: 'applied' });
      expect((await webhook(purchase)).json()).toMatchObject({ outcome: 'stale' });
      expect((await webhook(oldExpiration)).json()).toMatchObject({ outcome: 'stale' });
      expect(await view(person.cookie)).toMatchObject({ plan: 'Unlimited Prayer', usage: { limit: 1000 } });
    });

    it('acknowledges and logs an unknown app user, an unknown product and an unknown event type, changing nothing', async () => {
      const clock = await now();
      const before = await view(cookie);
      logLines.length = 0;
      expect(
        (
          await webhook(
            event({ type: 'INITIAL_PURCHASE', app_user_id: '$RCAnonymousID:abc', product_id: 'faithfulplan', event_timestamp_ms: clock }),
          )
        ).json(),
      ).toEqual({
        received: true,
        outcome: 'unknown_user',
      });
      expect(logLines.some((line) => line.includes('"outcome":"unknown_user"'))).toBe(true);
      expect(
        (
          await webhook(
            event({ type: 'INITIAL_PURCHASE', app_user_id: userId, product_id: 'goldplan', event_timestamp_ms: clock + 10_000 }),
          )
        ).json(),
      ).toEqual({
        received: true,
        outcome: 'unknown_product',
      });
      expect(
        (
          await webhook(
            event({ type: 'SOMETHING_NEW', app_user_id: userId, product_id: 'unlimitedprayer', event_timestamp_ms: clock + 20_000 }),
          )
        ).json(),
      ).toEqual({
        received: true,
        outcome: 'ignored',
      });
      const after = await view(cookie);
      expect({ ...after, lastSyncedAt: null }).toEqual({ ...before, lastSyncedAt: null });
    });

    it('takes a purchase on the last day it accepts, without an expiry, as a date, not a failure', async () => {
      const person = await registerUser(t.app, 'year-2999@example.com');
      const response = await webhook(
        event({ type: 'INITIAL_PURCHASE', app_user_id: person.id, product_id: 'faithfulplan', purchased_at_ms: MAX_EVENT_MS }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(await view(person.cookie)).toMatchObject({ plan: 'Faithful Plan', expiresAt: '3000-01-31T23:59:59.999Z' });
    });

    it('answers malformed, oversized or mistyped bodies with 4xx and changes nothing', async () => {
      const before = await view(cookie);
      const cases: Array<[unknown, string?]> = [
        ['{'],
        ['[]'],
        ['null'],
        [{ event: { type: 'RENEWAL' } }],
        [{ event: { id: '', type: 'RENEWAL', app_user_id: userId } }],
        [{ event: { id: 'x', type: 'RENEWAL', app_user_id: userId, expiration_at_ms: 'tomorrow' } }],
        [{ event: { id: 'x\u0000', type: 12, app_user_id: userId } }],
        [{ event: { id: 'big', type: 'RENEWAL', app_user_id: userId, product_id: 'x'.repeat(70_000) } }],
        ['id=1&type=RENEWAL', 'application/x-www-form-urlencoded'],
        [`{"event":{"id":"deep","type":"TEST","x":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}}`],
        [{ event: { id: 'far', type: 'INITIAL_PURCHASE', app_user_id: userId, product_id: 'faithfulplan', purchased_at_ms: 8.64e15 } }],
      ];
      for (const [body, contentType] of cases) {
        const response = await webhook(body, WEBHOOK_AUTH, contentType);
        expect(response.statusCode, `${JSON.stringify(body).slice(0, 60)} -> ${response.body}`).toBeGreaterThanOrEqual(400);
        expectApiError(response, response.statusCode);
      }
      expect(await view(cookie)).toEqual(before);
    });
  });

  describe('POST /api/subscription/sync', () => {
    it('asks RevenueCat with the secret key and maps pro_access to the plan, whatever the app sends', async () => {
      const { id, cookie } = await registerUser(t.app, 'sync@example.com');
      const clock = await now();
      store.expect('GET', `/v1/subscribers/${id}`, (request, response) => {
        expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(subscriber('unlimitedprayer', clock + 20 * DAY)));
      });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/subscription/sync',
        headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ plan: 'Faithful Plan' }),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<View>()).toMatchObject({
        plan: 'Unlimited Prayer',
        productId: 'unlimitedprayer',
        platform: 'ios',
        expiresAt: new Date(clock + 20 * DAY).toISOString(),
        storeManaged: true,
        usage: { limit: 1000, unlimited: true },
      });

      // Auto-renew turned off in the App Store: a pending cancellation at the period's end.
      store.expect(
        'GET',
        `/v1/subscribers/${id}`,
        respond(200, JSON.stringify(subscriber('unlimitedprayer', clock + 20 * DAY, true)), { 'content-type': 'application/json' }),
      );
      expect((await post('/api/subscription/sync', cookie)).json<View>()).toMatchObject({
        plan: 'Unlimited Prayer',
        pendingChange: { toPlan: 'Free', type: 'cancellation' },
      });

      // Expired in the store: Free.
      store.expect(
        'GET',
        `/v1/subscribers/${id}`,
        respond(200, JSON.stringify(subscriber('unlimitedprayer', clock - DAY)), { 'content-type': 'application/json' }),
      );
      expect((await post('/api/subscription/sync', cookie)).json<View>()).toMatchObject({ plan: 'Free', usage: { limit: 5 } });
    });

    it('changes nothing when pro_access comes from a product we do not sell', async () => {
      const { id, cookie } = await registerUser(t.app, 'odd-product@example.com');
      await grantPlan(t, id, 'Faithful Plan', new Date(await now()));
      const before = await view(cookie);
      store.expect(
        'GET',
        `/v1/subscribers/${id}`,
        respond(200, JSON.stringify(subscriber('goldplan', (await now()) + 20 * DAY)), { 'content-type': 'application/json' }),
      );
      expect((await post('/api/subscription/sync', cookie)).json<View>()).toEqual(before);
    });

    it('keeps a plan granted on this server when the store has nothing', async () => {
      const { id, cookie } = await registerUser(t.app, 'granted-sync@example.com');
      await grantPlan(t, id, 'Faithful Plan', new Date(await now()));
      store.expect(
        'GET',
        `/v1/subscribers/${id}`,
        respond(200, JSON.stringify({ subscriber: { entitlements: {}, subscriptions: {} } }), { 'content-type': 'application/json' }),
      );
      expect((await post('/api/subscription/sync', cookie)).json<View>()).toMatchObject({ plan: 'Faithful Plan', platform: 'grant' });
    });

    it('answers 502 when RevenueCat fails or answers nonsense, and changes nothing', async () => {
      const { id, cookie } = await registerUser(t.app, 'sync-fails@example.com');
      const before = await view(cookie);
      for (const reply of [
        respond(500, 'oops'),
        respond(200, 'not json'),
        respond(200, JSON.stringify({ subscriber: { entitlements: 'x' } })),
      ]) {
        store.expect('GET', `/v1/subscribers/${id}`, reply);
        expectApiError(await post('/api/subscription/sync', cookie), 502, 'STORE_UNREACHABLE');
      }
      expect(await view(cookie)).toEqual(before);
    });

    it('is 401 signed out', async () => {
      expectApiError(await t.app.inject({ method: 'POST', url: '/api/subscription/sync', headers: { origin: TEST_ORIGIN } }), 401);
    });
  });

  describe('goals are a paid plan’s', () => {
    const patchMe = (cookie: string, payload: unknown) =>
      t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie, origin: TEST_ORIGIN }, payload: payload as object });

    it('refuses non-blank goals on Free with 403, and keeps the display name with blank goals working', async () => {
      const { id, cookie } = await registerUser(t.app, 'goals-free@example.com');
      const error = expectApiError(await patchMe(cookie, { goals: ['Pray every morning'] }), 403, 'PLAN_REQUIRED');
      expect(error.message).toMatch(/Faithful Plan/);
      expectApiError(await patchMe(cookie, { displayName: 'Anna', goals: ['Pray every morning', ''] }), 403, 'PLAN_REQUIRED');
      expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json()).toMatchObject({
        displayName: null,
        goals: ['', '', ''],
      });

      const named = await patchMe(cookie, { displayName: 'Anna', goals: ['', '', ''] });
      expect(named.statusCode, named.body).toBe(200);
      expect(named.json()).toMatchObject({ displayName: 'Anna' });

      // On a paid plan they are kept; back on Free, saving the same goals again still works. The plan is granted
      // on the app's clock, which tests before this one moved ahead of the real date.
      await grantPlan(t, id, 'Faithful Plan', new Date(await now()));
      expect((await patchMe(cookie, { goals: ['Pray every morning'] })).json()).toMatchObject({ goals: ['Pray every morning'] });
      await t.database.query(`UPDATE profiles SET plan = 'Free', expires_at = NULL WHERE user_id = $1`, [id]);
      expect((await patchMe(cookie, { displayName: 'Anna B', goals: ['Pray every morning'] })).statusCode).toBe(200);
      expectApiError(await patchMe(cookie, { goals: ['Something new'] }), 403, 'PLAN_REQUIRED');
    });
  });
});

/** RevenueCat's GET /v1/subscribers answer with the pro_access entitlement on `product` until `expiresMs`. */
function subscriber(product: string, expiresMs: number, unsubscribed = false) {
  const expires = new Date(expiresMs).toISOString();
  const purchased = new Date(expiresMs - 30 * DAY).toISOString();
  return {
    request_date: new Date().toISOString(),
    request_date_ms: Date.now(),
    subscriber: {
      first_seen: purchased,
      original_app_user_id: 'ignored',
      entitlements: {
        pro_access: { expires_date: expires, purchase_date: purchased, product_identifier: product, grace_period_expires_date: null },
      },
      subscriptions: {
        [product]: {
          expires_date: expires,
          purchase_date: purchased,
          original_purchase_date: purchased,
          store: 'app_store',
          is_sandbox: true,
          unsubscribe_detected_at: unsubscribed ? new Date().toISOString() : null,
          billing_issues_detected_at: null,
          refunded_at: null,
          period_type: 'normal',
          ownership_type: 'PURCHASED',
        },
      },
      non_subscriptions: {},
      other_purchases: {},
    },
  };
}
