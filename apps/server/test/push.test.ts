import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PushPayload } from '@selah/domain/push';
import { createServices } from '../src/services';
import type { Delivery } from '../src/modules/push/push.service';
import { respond, startProtocolServer } from '../src/testing/protocol-server';
import { startWebPushService } from '../src/testing/web-push-service';
import { createTestApp, expectApiError, registerUser, TEST_ORIGIN, type TestApp } from './helpers';

/**
 * Push notifications against a local push service that speaks Web Push and decrypts each message with the
 * subscription's keys (RFC 8291): what arrives is what a browser would show.
 */
describe('push notifications', () => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof startWebPushService>>;
  const sent: Array<{ name: string; data: Delivery }> = [];

  beforeAll(async () => {
    push = await startWebPushService();
    t = await createTestApp({ env: { PUSH_ALLOWED_ORIGINS: push.origin } });
    t.app.jobs.attach({
      send: async (name, data) => {
        sent.push({ name, data: data as Delivery });
        return null;
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });
  beforeEach(() => {
    sent.length = 0;
    push.received.length = 0;
  });

  const post = (cookie: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: { cookie, origin: TEST_ORIGIN }, payload: payload as object });
  const patchMe = (cookie: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie, origin: TEST_ORIGIN }, payload });
  const devices = async (cookie: string) =>
    (await t.app.inject({ url: '/api/push/subscriptions', headers: { cookie } })).json<{ devices: Array<{ id: string; kind: string }> }>()
      .devices;
  /** Sets the server's clock to this instant. */
  const setClock = (iso: string) => t.services.clock.advance(Date.parse(iso) - t.services.clock.now().getTime());
  /** Runs the minute's reminder job, then every delivery it queued. */
  const runReminders = async () => {
    const queued = await t.services.push.queueDueReminders();
    for (const job of sent.splice(0)) await t.services.push.deliver(job.data);
    return queued;
  };
  const payloads = () => push.received.map((message) => message.payload as PushPayload);

  it('gives the VAPID public key the server signs with', async () => {
    const response = await t.app.inject({ url: '/api/push/public-key' });
    expect(response.json()).toEqual({ publicKey: t.config.push.vapid.publicKey });
    expect(t.config.push.vapid.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });

  describe('devices', () => {
    it('stores a browser subscription and a native token, each once, and lists them', async () => {
      const { cookie } = await registerUser(t.app, 'devices@example.com');
      const browser = push.subscribe();
      const first = await post(cookie, { kind: 'web', ...browser, expirationTime: null });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ kind: 'web', id: expect.any(String) });
      // The same browser again: the same device.
      expect((await post(cookie, { kind: 'web', ...browser })).json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
      expect((await post(cookie, { kind: 'fcm', token: 'fcm-token:APA91b'.padEnd(150, 'x') })).statusCode).toBe(201);
      expect((await devices(cookie)).map((device) => device.kind).sort()).toEqual(['fcm', 'web']);
    });

    it('refuses bad subscriptions with 4xx and stores nothing', async () => {
      const { cookie } = await registerUser(t.app, 'bad-devices@example.com');
      const { keys } = push.subscribe();
      const cases: Array<[string, unknown]> = [
        ['http endpoint of an unknown service', { kind: 'web', endpoint: 'http://fcm.googleapis.com/fcm/send/x', keys }],
        ['an internal address', { kind: 'web', endpoint: 'https://127.0.0.1/push/x', keys }],
        ['a host that only ends like a push service', { kind: 'web', endpoint: 'https://evilfcm.googleapis.com.example/x', keys }],
        ['another port', { kind: 'web', endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x', keys }],
        ['credentials in the address', { kind: 'web', endpoint: 'https://user:pw@fcm.googleapis.com/fcm/send/x', keys }],
        ['no keys', { kind: 'web', endpoint: 'https://fcm.googleapis.com/fcm/send/x' }],
        ['a short key', { kind: 'web', endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'BAAA', auth: keys.auth } }],
        ['not a URL', { kind: 'web', endpoint: 'not a url', keys }],
        ['a NUL in the token', { kind: 'fcm', token: `abc\u0000${'x'.repeat(40)}` }],
        ['an unknown kind', { kind: 'sms', endpoint: 'x' }],
        ['an extra field', { kind: 'fcm', token: 'x'.repeat(40), userId: 'someone' }],
        ['a huge body', { kind: 'web', endpoint: `https://fcm.googleapis.com/${'x'.repeat(20_000)}`, keys }],
      ];
      for (const [label, payload] of cases) {
        const response = await post(cookie, payload);
        expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, label).toBeLessThan(500);
        expectApiError(response, response.statusCode);
      }
      expect(await devices(cookie)).toEqual([]);
    });

    it('keeps devices only while notifications are on, and lets nobody remove another person’s', async () => {
      const anna = await registerUser(t.app, 'anna-devices@example.com');
      const ben = await registerUser(t.app, 'ben-devices@example.com');
      const annaDevice = (await post(anna.cookie, { kind: 'web', ...push.subscribe() })).json<{ id: string }>().id;
      await post(anna.cookie, { kind: 'web', ...push.subscribe() });
      expectApiError(
        await t.app.inject({ method: 'DELETE', url: `/api/push/subscriptions/${annaDevice}`, headers: { cookie: ben.cookie } }),
        404,
      );
      expectApiError(
        await t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions/not-a-uuid', headers: { cookie: ben.cookie } }),
        400,
      );
      expect(await devices(anna.cookie)).toHaveLength(2);

      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/push/subscriptions/${annaDevice}`,
        headers: { cookie: anna.cookie },
      });
      expect(removed.json()).toEqual({ deleted: true });
      expect(await devices(anna.cookie)).toHaveLength(1);

      expect((await patchMe(anna.cookie, { prayerNotifications: false })).statusCode).toBe(200);
      expect(await devices(anna.cookie)).toEqual([]);
      expectApiError(await post(anna.cookie, { kind: 'web', ...push.subscribe() }), 409, 'NOTIFICATIONS_OFF');
      expect(await devices(anna.cookie)).toEqual([]);
    });

    it('keeps a device with its owner when another account posts it, and moves a browser only with its own keys', async () => {
      const anna = await registerUser(t.app, 'anna-owner@example.com');
      const ben = await registerUser(t.app, 'ben-taker@example.com');
      // From an address of its own: the route's per-address limit (30 a minute) is the other tests'.
      const postFrom = (cookie: string, payload: object) =>
        t.app.inject({
          method: 'POST',
          url: '/api/push/subscriptions',
          headers: { cookie, origin: TEST_ORIGIN },
          payload,
          remoteAddress: '198.51.100.7',
        });
      const annaBrowser = push.subscribe();
      const annaToken = 'fcm-token:anna'.padEnd(150, 'a');
      const web = (await postFrom(anna.cookie, { kind: 'web', ...annaBrowser })).json<{ id: string }>().id;
      const fcm = (await postFrom(anna.cookie, { kind: 'fcm', token: annaToken })).json<{ id: string }>().id;
      const stored = async (endpoint: string) =>
        (await t.database.query('SELECT user_id, keys FROM push_subscriptions WHERE endpoint = $1', [endpoint])).rows[0];

      // Ben knows Anna's endpoint (not its keys) and her token: neither moves, and the answer names nobody.
      const takeWeb = expectApiError(
        await postFrom(ben.cookie, { kind: 'web', endpoint: annaBrowser.endpoint, keys: push.subscribe().keys }),
        409,
        'DEVICE_REGISTERED_ELSEWHERE',
      );
      expect(takeWeb.message).not.toContain('anna');
      expectApiError(await postFrom(ben.cookie, { kind: 'fcm', token: annaToken }), 409, 'DEVICE_REGISTERED_ELSEWHERE');
      expect((await devices(anna.cookie)).map((device) => device.id).sort()).toEqual([web, fcm].sort());
      expect(await devices(ben.cookie)).toEqual([]);
      expect(await stored(annaBrowser.endpoint)).toEqual({ user_id: anna.id, keys: annaBrowser.keys });
      expect(await stored(`fcm:${annaToken}`)).toMatchObject({ user_id: anna.id });

      // Anna again, from both devices: the same devices.
      expect((await postFrom(anna.cookie, { kind: 'web', ...annaBrowser })).json<{ id: string }>().id).toBe(web);
      expect((await postFrom(anna.cookie, { kind: 'fcm', token: annaToken })).json<{ id: string }>().id).toBe(fcm);
      // Her browser's new keys for the same endpoint: hers to change.
      const renewed = { endpoint: annaBrowser.endpoint, keys: push.subscribe().keys };
      expect((await postFrom(anna.cookie, { kind: 'web', ...renewed })).json<{ id: string }>().id).toBe(web);
      expect(await stored(annaBrowser.endpoint)).toEqual({ user_id: anna.id, keys: renewed.keys });
      expect(await devices(anna.cookie)).toHaveLength(2);

      // Anna signed out of this browser (its subscription stays) and Ben signed in on it: the browser gives him the
      // same subscription, keys and all, which only the browser (and this server) knows. It is his now.
      const moved = await postFrom(ben.cookie, { kind: 'web', ...renewed });
      expect(moved.statusCode, moved.body).toBe(201);
      expect(moved.json<{ id: string }>().id).toBe(web);
      expect((await devices(ben.cookie)).map((device) => device.id)).toEqual([web]);
      expect((await devices(anna.cookie)).map((device) => device.id)).toEqual([fcm]);
      expect(await stored(annaBrowser.endpoint)).toEqual({ user_id: ben.id, keys: renewed.keys });
      // The later tests count reminders: these two people get none.
      for (const person of [anna, ben]) await patchMe(person.cookie, { prayerNotifications: false });
    });

    it('is 401 signed out', async () => {
      expectApiError(
        await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: { kind: 'web', ...push.subscribe() } }),
        401,
      );
      expectApiError(await t.app.inject({ url: '/api/push/subscriptions' }), 401);
    });
  });

  describe('the daily prayer reminder', () => {
    it('arrives once at the chosen local time in the person’s language, naming the day’s prayer', async () => {
      const { id, cookie } = await registerUser(t.app, 'reminder-es@example.com', 'correct horse 1', 'es');
      expect((await patchMe(cookie, { reminderTime: '07:30', timeZone: 'Europe/Madrid' })).json()).toMatchObject({
        reminderTime: '07:30',
        timeZone: 'Europe/Madrid',
      });
      await post(cookie, { kind: 'web', ...push.subscribe() });
      await t.database.query(
        `WITH day AS (INSERT INTO daily_prayers (date) VALUES ('2027-01-12') RETURNING id)
         INSERT INTO daily_prayer_translations (daily_prayer_id, language, title, text, audio_url, duration)
         SELECT id, 'es', 'Paz en la mañana', 'Señor...', '/media/x.mp3', 60 FROM day`,
      );

      // 07:29 in Madrid (06:29 UTC in winter): not yet.
      setClock('2027-01-12T06:29:30Z');
      expect(await runReminders()).toBe(0);
      setClock('2027-01-12T06:30:10Z');
      expect(await runReminders()).toBe(1);
      push.assertNoProblems();
      expect(payloads()).toEqual([
        { title: 'Es hora de orar', body: 'La oración de hoy: Paz en la mañana', url: '/dashboard', tag: 'daily-reminder' },
      ]);
      expect(push.received[0]).toMatchObject({ ttl: 21600, urgency: 'normal', topic: 'daily-reminder' });
      expect(push.received[0]!.claims).toMatchObject({ aud: push.origin, sub: expect.stringMatching(/^(mailto:|https:)/) });

      // The next minutes, a restart (new services on the same database), and two workers at once: nothing more.
      setClock('2027-01-12T06:31:10Z');
      expect(await runReminders()).toBe(0);
      const restarted = await createServices({ config: t.config, database: t.database, logger: false, clock: t.services.clock });
      const other = await createServices({ config: t.config, database: t.database, logger: false, clock: t.services.clock });
      const both = await Promise.all([restarted.push.queueDueReminders(), other.push.queueDueReminders()]);
      expect(both).toEqual([0, 0]);
      await restarted.close();
      await other.close();
      expect(push.received).toHaveLength(1);
      void id;
    });

    it('stores a zone by its canonical name, and one the database cannot read holds nobody else’s reminder back', async () => {
      const odd = await registerUser(t.app, 'odd-zone@example.com');
      const fine = await registerUser(t.app, 'fine-zone@example.com');
      expect((await patchMe(odd.cookie, { timeZone: 'CAT', reminderTime: '12:00' })).json()).toMatchObject({ timeZone: 'Africa/Maputo' });
      expect((await patchMe(odd.cookie, { timeZone: 'US/Pacific-New' })).json()).toMatchObject({ timeZone: 'America/Los_Angeles' });
      await post(odd.cookie, { kind: 'web', ...push.subscribe() });
      // A row written before names were made canonical, or by hand: the database does not know it.
      await t.database.query(`UPDATE profiles SET time_zone = 'CAT' WHERE user_id = $1`, [odd.id]);
      await patchMe(fine.cookie, { timeZone: 'UTC', reminderTime: '12:00' });
      const device = push.subscribe();
      await post(fine.cookie, { kind: 'web', ...device });
      setClock('2027-07-01T12:00:30Z');
      await runReminders();
      expect(push.received.map((message) => message.subscription)).toContain(device.endpoint.split('/push/')[1]);
    });

    it('is claimed once across two workers racing for the same minute', async () => {
      const { cookie } = await registerUser(t.app, 'race@example.com');
      await patchMe(cookie, { reminderTime: '09:00', timeZone: 'UTC' });
      await post(cookie, { kind: 'web', ...push.subscribe() });
      setClock('2027-02-01T09:00:05Z');
      const first = await createServices({ config: t.config, database: t.database, logger: false, clock: t.services.clock });
      const second = await createServices({ config: t.config, database: t.database, logger: false, clock: t.services.clock });
      for (const worker of [first, second]) worker.jobs.attach({ send: async () => null });
      const counts = await Promise.all([
        first.push.queueDueReminders(),
        second.push.queueDueReminders(),
        t.services.push.queueDueReminders(),
      ]);
      await first.close();
      await second.close();
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    });

    it('keeps the local time across a daylight-saving change, in two time zones', async () => {
      const warsaw = await registerUser(t.app, 'dst-warsaw@example.com', 'correct horse 1', 'pl');
      const york = await registerUser(t.app, 'dst-york@example.com');
      await patchMe(warsaw.cookie, { reminderTime: '08:00', timeZone: 'Europe/Warsaw' });
      await patchMe(york.cookie, { reminderTime: '08:00', timeZone: 'America/New_York' });
      const warsawDevice = push.subscribe();
      const yorkDevice = push.subscribe();
      await post(warsaw.cookie, { kind: 'web', ...warsawDevice });
      await post(york.cookie, { kind: 'web', ...yorkDevice });
      const arrivals: string[] = [];
      const at = async (iso: string) => {
        setClock(iso);
        await runReminders();
        // Other people of this file are due at some of these minutes too (their hour of catching up): only these two count.
        const names = new Map([
          [warsawDevice.endpoint.split('/push/')[1], 'warsaw'],
          [yorkDevice.endpoint.split('/push/')[1], 'york'],
        ]);
        for (const message of push.received.splice(0))
          if (names.has(message.subscription)) arrivals.push(`${iso} ${names.get(message.subscription)}`);
      };
      // New York springs forward on 14 March 2027 (08:00 is 13:00Z before, 12:00Z after); Warsaw on 28 March (07:00Z, then 06:00Z).
      await at('2027-03-13T12:00:30Z');
      await at('2027-03-13T13:00:30Z');
      await at('2027-03-14T12:00:30Z');
      await at('2027-03-14T13:00:30Z');
      await at('2027-03-27T06:00:30Z');
      await at('2027-03-27T07:00:30Z');
      await at('2027-03-28T06:00:30Z');
      await at('2027-03-28T07:00:30Z');
      expect(arrivals).toEqual([
        '2027-03-13T13:00:30Z york',
        '2027-03-14T12:00:30Z york',
        '2027-03-27T07:00:30Z warsaw',
        '2027-03-28T06:00:30Z warsaw',
      ]);
      // Polish has no daily prayers: the reminder has no title.
      push.assertNoProblems();
    });

    it('sends nothing to a person with notifications off, even when claimed before they turned them off', async () => {
      const { cookie } = await registerUser(t.app, 'turned-off@example.com');
      await patchMe(cookie, { reminderTime: '10:00', timeZone: 'UTC' });
      await post(cookie, { kind: 'web', ...push.subscribe() });
      setClock('2027-04-01T10:00:05Z');
      expect(await t.services.push.queueDueReminders()).toBe(1);
      await patchMe(cookie, { prayerNotifications: false });
      for (const job of sent.splice(0)) await t.services.push.deliver(job.data);
      expect(push.received).toEqual([]);
      setClock('2027-04-02T10:00:05Z');
      expect(await runReminders()).toBe(0);
    });

    it('removes a subscription the push service says is gone (410)', async () => {
      const { cookie } = await registerUser(t.app, 'gone@example.com');
      await patchMe(cookie, { reminderTime: '11:00', timeZone: 'UTC' });
      const gone = push.subscribe();
      const alive = push.subscribe();
      await post(cookie, { kind: 'web', ...gone });
      await post(cookie, { kind: 'web', ...alive });
      push.answer(gone.endpoint, 410);
      setClock('2027-05-01T11:00:05Z');
      expect(await runReminders()).toBe(1);
      expect(push.received).toHaveLength(1);
      expect(await devices(cookie)).toHaveLength(1);
    });
  });

  describe('a new day is open', () => {
    it('is announced once when a journey day’s time comes and the day before is done', async () => {
      const { id, cookie } = await registerUser(t.app, 'journey-day@example.com');
      await post(cookie, { kind: 'web', ...push.subscribe() });
      const journeyId = '44444444-4444-4444-8444-444444444444';
      const started = Date.parse('2027-06-01T09:00:00Z');
      const day = 86_400_000;
      await t.database.query(
        `INSERT INTO personalized_journeys (id, user_id, journey_type, input, status, current_day, started_at)
         VALUES ($1, $2, 'ancestors', 'my grandmother', 'active', 2, $3)`,
        [journeyId, id, new Date(started).toISOString()],
      );
      for (const [number, title, status] of [
        [1, 'Remembering Ancestors', 'completed'],
        [2, 'Honoring Their Memory', 'generated'],
        [3, 'Seeking Peace', 'generated'],
      ] as const) {
        await t.database.query(
          `INSERT INTO personalized_journey_days (journey_id, day_number, status, title, available_at) VALUES ($1, $2, $3, $4, $5)`,
          [journeyId, number, status, title, new Date(started + (number - 1) * day).toISOString()],
        );
      }
      setClock('2027-06-02T08:59:00Z');
      expect(await t.services.push.queueOpenedDays()).toBe(0);
      setClock('2027-06-02T09:00:20Z');
      expect(await t.services.push.queueOpenedDays()).toBe(1);
      expect(await t.services.push.queueOpenedDays()).toBe(0);
      for (const job of sent.splice(0)) await t.services.push.deliver(job.data);
      expect(payloads()).toEqual([
        {
          title: 'A new day is open',
          body: 'Day 2 of your journey is ready: Honoring Their Memory',
          url: `/personalized-journey/ancestors/plan/${journeyId}`,
          tag: `journey-${journeyId}`,
        },
      ]);
      // Day 3's time comes while day 2 is not done: nothing (it opens when day 2 is completed, in the app).
      setClock('2027-06-03T09:00:20Z');
      expect(await t.services.push.queueOpenedDays()).toBe(0);
    });
  });

  describe('your prayer is ready', () => {
    it('goes to a person whose app is closed, once, and not to one who has it open', async () => {
      const away = await registerUser(t.app, 'away@example.com');
      const here = await registerUser(t.app, 'here@example.com');
      await post(away.cookie, { kind: 'web', ...push.subscribe() });
      await post(here.cookie, { kind: 'web', ...push.subscribe() });
      await t.services.push.presence.open(here.id, t.services.processId);

      const recordId = '11111111-1111-4111-8111-111111111111';
      await t.services.push.prayerReady({ userId: away.id, recordId, title: 'A prayer for peace' });
      await t.services.push.prayerReady({ userId: away.id, recordId, title: 'A prayer for peace' });
      await t.services.push.prayerReady({ userId: here.id, recordId: '22222222-2222-4222-8222-222222222222', title: 'Near' });
      expect(sent).toHaveLength(1);
      for (const job of sent.splice(0)) await t.services.push.deliver(job.data);
      expect(payloads()).toEqual([
        {
          title: 'Your prayer is ready',
          body: 'A prayer for peace is ready for you to listen to.',
          url: '/library',
          tag: `prayer-${recordId}`,
        },
      ]);

      // Once the tab closes, the next prayer is announced.
      await t.services.push.presence.close(here.id, t.services.processId);
      await t.services.push.prayerReady({ userId: here.id, recordId: '33333333-3333-4333-8333-333333333333', title: 'Later' });
      expect(sent).toHaveLength(1);
    });
  });
});

describe('native push tokens', () => {
  it('are kept and skipped, with one log line, when FCM is not configured', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ logLines: { level: 'info', lines } });
    const sent: Delivery[] = [];
    t.app.jobs.attach({ send: async (_name, data) => void sent.push(data as Delivery) });
    try {
      const { id, cookie } = await registerUser(t.app, 'native-only@example.com');
      await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { cookie, origin: TEST_ORIGIN },
        payload: { kind: 'fcm', token: `native-token-${'x'.repeat(40)}` },
      });
      for (const n of [1, 2]) {
        await t.services.push.prayerReady({ userId: id, recordId: `5555555${n}-5555-4555-8555-555555555555`, title: 'Peace' });
      }
      const counts = [];
      for (const delivery of sent) counts.push(await t.services.push.deliver(delivery));
      expect(counts).toEqual([
        { sent: 0, gone: 0, failed: 0, skipped: 1 },
        { sent: 0, gone: 0, failed: 0, skipped: 1 },
      ]);
      expect(lines.filter((line) => line.includes('FCM_SERVICE_ACCOUNT is not set'))).toHaveLength(1);
      const devices = await t.app.inject({ url: '/api/push/subscriptions', headers: { cookie } });
      expect(devices.json<{ devices: unknown[] }>().devices).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('go through FCM HTTP v1 when a service account is configured; a token FCM calls unregistered is removed', async () => {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const fcm = await startProtocolServer();
    const account = {
      project_id: 'selah-test',
      client_email: 'push@selah-test.iam.gserviceaccount.com',
      private_key: privateKey,
      token_uri: `${fcm.url}/token`,
    };
    const t = await createTestApp({ env: { FCM_SERVICE_ACCOUNT: JSON.stringify(account), FCM_API_URL: fcm.url } });
    const sent: Delivery[] = [];
    t.app.jobs.attach({ send: async (_name, data) => void sent.push(data as Delivery) });
    try {
      const { id, cookie } = await registerUser(t.app, 'native@example.com', 'correct horse 1', 'es');
      const token = `native-token-${'y'.repeat(40)}`;
      await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { cookie, origin: TEST_ORIGIN },
        payload: { kind: 'fcm', token },
      });
      const messages: unknown[] = [];
      fcm.expect(
        'POST',
        '/token',
        respond(200, JSON.stringify({ access_token: 'ya29.test', expires_in: 3600, token_type: 'Bearer' }), {
          'content-type': 'application/json',
        }),
      );
      fcm.expect('POST', '/v1/projects/selah-test/messages:send', (request, response) => {
        expect(request.headers.authorization).toBe('Bearer ya29.test');
        messages.push(JSON.parse(request.body.toString('utf8')));
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'projects/selah-test/messages/1' }));
      });
      await t.services.push.prayerReady({ userId: id, recordId: '66666666-6666-4666-8666-666666666666', title: 'Paz' });
      expect(await t.services.push.deliver(sent.shift()!)).toMatchObject({ sent: 1 });
      expect(messages).toEqual([
        expect.objectContaining({
          message: expect.objectContaining({
            token,
            notification: { title: 'Tu oración está lista', body: 'Tu oración «Paz» ya está lista para escuchar.' },
            data: { url: '/library', tag: 'prayer-66666666-6666-4666-8666-666666666666' },
          }),
        }),
      ]);

      fcm.expect(
        'POST',
        '/v1/projects/selah-test/messages:send',
        respond(
          404,
          JSON.stringify({
            error: {
              code: 404,
              status: 'NOT_FOUND',
              message: 'Requested entity was not found.',
              details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }],
            },
          }),
          { 'content-type': 'application/json' },
        ),
      );
      await t.services.push.prayerReady({ userId: id, recordId: '77777777-7777-4777-8777-777777777777', title: 'Otra' });
      expect(await t.services.push.deliver(sent.shift()!)).toMatchObject({ gone: 1 });
      const devices = await t.app.inject({ url: '/api/push/subscriptions', headers: { cookie } });
      expect(devices.json<{ devices: unknown[] }>().devices).toEqual([]);
      fcm.assertDone();
    } finally {
      await t.close();
      await fcm.close();
    }
  });
});

describe('many devices', () => {
  it('keeps a person’s 20 most recent devices', async () => {
    // An app of its own: 23 subscriptions from one address would meet the route's rate limit in the other one.
    const push = await startWebPushService();
    const t = await createTestApp({ env: { PUSH_ALLOWED_ORIGINS: push.origin } });
    try {
      const { cookie } = await registerUser(t.app, 'many-devices@example.com');
      const ids: string[] = [];
      for (let i = 0; i < 23; i += 1) {
        t.services.clock.advance(1000);
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/push/subscriptions',
          headers: { cookie, origin: TEST_ORIGIN },
          payload: { kind: 'web', ...push.subscribe() },
        });
        ids.push(response.json<{ id: string }>().id);
      }
      const listed = await t.app.inject({ url: '/api/push/subscriptions', headers: { cookie } });
      const kept = listed.json<{ devices: Array<{ id: string }> }>().devices.map((device) => device.id);
      expect(kept.sort()).toEqual(ids.slice(3).sort());
    } finally {
      await t.close();
      await push.close();
    }
  });
});
