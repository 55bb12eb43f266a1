import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  analyticsEvents,
  generationCounters,
  personalizedJourneyDays,
  personalizedJourneys,
  personalizedJourneySegments,
  prayerJourneys,
  profiles,
  pushSubscriptions,
  records,
  recordSegments,
  session,
  user,
  userJourneyProgress,
} from '../src/platform/db/schema';
import { createTestApp, expectApiError, grantPlan, registerUser, signIn, type TestApp } from './helpers';

describe('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const getMe = (cookie?: string) => t.app.inject({ url: '/api/me', headers: cookie ? { cookie } : {} });
  const patchMe = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/me', headers: cookie ? { cookie } : {}, payload: payload as object });
  const deleteMe = (cookie: string, payload: unknown) =>
    t.app.inject({ method: 'DELETE', url: '/api/me', headers: { cookie }, payload: payload as object });

  describe('GET /api/me', () => {
    it('is 401 with the JSON error shape when signed out', async () => {
      const error = expectApiError(await getMe(), 401, 'UNAUTHORIZED');
      expect(error.message).toBe('You need to be signed in.');
    });

    it('is 401 with a cookie that is not a session', async () => {
      expectApiError(await getMe('selah.session_token=forged.value'), 401, 'UNAUTHORIZED');
    });

    it('returns the profile without internal fields', async () => {
      const { id, cookie } = await registerUser(t.app, 'reader@example.com');
      const me = await getMe(cookie);
      expect(me.statusCode).toBe(200);
      const body = me.json<Record<string, unknown>>();
      expect(body).toMatchObject({ id, email: 'reader@example.com', displayName: null, hasPassword: true });
      expect(body).not.toHaveProperty('fcmToken');
      expect(body).not.toHaveProperty('password');
    });
  });

  describe('PATCH /api/me', () => {
    let cookie: string;
    let userId: string;
    beforeAll(async () => {
      ({ id: userId, cookie } = await registerUser(t.app, 'editor@example.com'));
      // Goals are a paid plan's (the goals on Free are tested in subscription.test.ts).
      await grantPlan(t, userId, 'Faithful Plan');
    });

    it('is 401 when signed out', async () => {
      expectApiError(await patchMe(undefined, { language: 'es' }), 401, 'UNAUTHORIZED');
    });

    it('updates the display name (trimmed; empty clears it)', async () => {
      const named = await patchMe(cookie, { displayName: '  Anna Maria  ' });
      expect(named.statusCode).toBe(200);
      expect(named.json()).toMatchObject({ id: userId, displayName: 'Anna Maria' });
      expect((await getMe(cookie)).json()).toMatchObject({ displayName: 'Anna Maria' });

      const cleared = await patchMe(cookie, { displayName: '' });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json()).toMatchObject({ displayName: null });
    });

    it('saves goals with blanks dropped and the rest trimmed', async () => {
      const response = await patchMe(cookie, { goals: ['  Pray daily ', '', '   ', 'Read Psalms'] });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ goals: ['Pray daily', 'Read Psalms'] });
      expect((await getMe(cookie)).json()).toMatchObject({ goals: ['Pray daily', 'Read Psalms'] });
    });

    it('stores no goals when every one is blank (the editor cleared)', async () => {
      const response = await patchMe(cookie, { goals: ['', '   ', '\t'] });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ goals: [] });
    });

    it('accepts 1 and 5 goals', async () => {
      expect((await patchMe(cookie, { goals: ['Only one'] })).json()).toMatchObject({ goals: ['Only one'] });
      const five = ['a', 'b', 'c', 'd', 'e'];
      const response = await patchMe(cookie, { goals: five });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ goals: five });
    });

    it.each(['es', 'pl', 'en'] as const)('sets the language to %s', async (language) => {
      const response = await patchMe(cookie, { language });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ language });
      expect((await getMe(cookie)).json()).toMatchObject({ language });
    });

    it('turns prayer notifications off (dropping the push token) and on again', async () => {
      await t.database.db.update(profiles).set({ fcmToken: 'device-token-1' }).where(eq(profiles.userId, userId));
      const off = await patchMe(cookie, { prayerNotifications: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ prayerNotifications: false });
      const [row] = await t.database.db.select().from(profiles).where(eq(profiles.userId, userId));
      expect(row).toMatchObject({ prayerNotifications: false, fcmToken: null });

      const on = await patchMe(cookie, { prayerNotifications: true });
      expect(on.json()).toMatchObject({ prayerNotifications: true });
    });

    it('updates several fields at once and leaves the others alone', async () => {
      await patchMe(cookie, { goals: ['Keep me'] });
      const response = await patchMe(cookie, { language: 'pl', prayerNotifications: false });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ language: 'pl', prayerNotifications: false, goals: ['Keep me'] });
    });

    it('remembers the player: speed, background sound and its volume, each on its own (issue 22)', async () => {
      expect((await getMe(cookie)).json()).toMatchObject({ player: { speed: 1, backgroundSound: 'pad', backgroundVolume: 0.6 } });
      const faster = await patchMe(cookie, { player: { speed: 1.25 } });
      expect(faster.statusCode, faster.body).toBe(200);
      expect(faster.json()).toMatchObject({ player: { speed: 1.25, backgroundSound: 'pad', backgroundVolume: 0.6 } });
      await patchMe(cookie, { player: { backgroundSound: 'rain', backgroundVolume: 0.35 } });
      expect((await getMe(cookie)).json()).toMatchObject({ player: { speed: 1.25, backgroundSound: 'rain', backgroundVolume: 0.35 } });
      await patchMe(cookie, { player: { backgroundSound: 'none' } });
      expect((await getMe(cookie)).json()).toMatchObject({ player: { speed: 1.25, backgroundSound: 'none', backgroundVolume: 0.35 } });
    });

    it.each([
      ['a speed the player does not offer', { player: { speed: 3 } }],
      ['a speed as text', { player: { speed: '1.25' } }],
      ['a volume above 1', { player: { backgroundVolume: 1.5 } }],
      ['a negative volume', { player: { backgroundVolume: -0.1 } }],
      ['an unknown sound', { player: { backgroundSound: 'thunder' } }],
      ['an empty player', { player: {} }],
      ['an unknown player field', { player: { pitch: 2 } }],
      ['an empty body', {}],
      ['an unknown field', { nickname: 'x' }],
      ['an unknown field next to a known one', { language: 'es', plan: 'Unlimited Prayer' }],
      ['language fr', { language: 'fr' }],
      ['6 goals', { goals: ['1', '2', '3', '4', '5', '6'] }],
      ['0 goals', { goals: [] }],
      ['goals that are not strings', { goals: [1, 2] }],
      ['non-boolean prayerNotifications', { prayerNotifications: 'yes' }],
      ['a display name over 100 characters', { displayName: 'x'.repeat(101) }],
      ['a JSON array', []],
    ])('rejects %s with 400 VALIDATION_ERROR and changes nothing', async (_label, payload) => {
      const before = (await getMe(cookie)).json<Record<string, unknown>>();
      expectApiError(await patchMe(cookie, payload), 400, 'VALIDATION_ERROR');
      expect((await getMe(cookie)).json()).toEqual(before);
    });

    it('rejects malformed JSON with 400 VALIDATION_ERROR', async () => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { cookie, 'content-type': 'application/json' },
        payload: '{"language": "es",',
      });
      expectApiError(response, 400, 'VALIDATION_ERROR');
    });

    it('rejects an empty JSON body with 400 VALIDATION_ERROR', async () => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { cookie, 'content-type': 'application/json' },
        payload: '',
      });
      expectApiError(response, 400, 'VALIDATION_ERROR');
    });
  });

  describe('DELETE /api/me', () => {
    it('is 401 when signed out', async () => {
      const response = await t.app.inject({ method: 'DELETE', url: '/api/me', payload: {} });
      expectApiError(response, 401, 'UNAUTHORIZED');
    });

    it('asks a password user for the password', async () => {
      const { cookie } = await registerUser(t.app, 'no-password@example.com');
      const error = expectApiError(await deleteMe(cookie, {}), 400, 'PASSWORD_REQUIRED');
      expect(error.message.length).toBeGreaterThan(0);
      expect((await getMe(cookie)).statusCode).toBe(200);
    });

    it('refuses a wrong password and keeps the account', async () => {
      const { cookie } = await registerUser(t.app, 'wrong-password@example.com', 'right password 1');
      const error = expectApiError(await deleteMe(cookie, { password: 'not it' }), 400, 'INVALID_PASSWORD');
      expect(error.message).toBe('Incorrect password. Please try again.');
      expect((await getMe(cookie)).statusCode).toBe(200);
      expect((await signIn(t.app, 'wrong-password@example.com', 'right password 1')).statusCode).toBe(200);
    });

    it('rejects unknown fields', async () => {
      const { cookie } = await registerUser(t.app, 'extra-field@example.com');
      expectApiError(await deleteMe(cookie, { password: 'correct horse 1', force: true }), 400, 'VALIDATION_ERROR');
      expect((await getMe(cookie)).statusCode).toBe(200);
    });

    it('deletes the account, its rows in every table and its media files, and nobody else’s', async () => {
      const db = t.database.db;
      const alice = await registerUser(t.app, 'alice@example.com', 'alice password 1');
      const bob = await registerUser(t.app, 'bob@example.com', 'bob password 1');
      const aliceSecondSession = (await signIn(t.app, 'alice@example.com', 'alice password 1')).headers['set-auth-token'] as string;

      // Media files of both users.
      const file = (name: string) => path.join(t.config.mediaDir, name);
      const names = ['alice-prayer.mp3', 'alice-day1.mp3', 'alice-piece.ts', 'alice-day-piece.ts', 'bob-prayer.mp3', 'bob-piece.ts'];
      for (const name of names) writeFileSync(file(name), `audio of ${name}`);
      expect((await t.app.inject({ url: '/media/alice-prayer.mp3' })).statusCode).toBe(200);

      // Rows of both users in every table that refers to a user.
      await db.insert(prayerJourneys).values({ id: 'peace-journey' });
      for (const owner of [alice, bob]) {
        const prefix = owner === alice ? 'alice' : 'bob';
        const [prayer] = await db
          .insert(records)
          .values([
            { userId: owner.id, status: 'completed', title: `${prefix} prayer`, audioUrl: `/media/${prefix}-prayer.mp3` },
            { userId: owner.id, status: 'failed', error: 'voice failed' },
          ])
          .returning({ id: records.id });
        // A piece published while it was voiced (issue 23).
        await db.insert(recordSegments).values({ recordId: prayer!.id, position: 0, url: `/media/${prefix}-piece.ts`, seconds: 2 });
        const [journey] = await db
          .insert(personalizedJourneys)
          .values({ userId: owner.id, input: 'my grandparents', status: 'active' })
          .returning({ id: personalizedJourneys.id });
        await db.insert(personalizedJourneyDays).values({
          journeyId: journey!.id,
          dayNumber: 1,
          title: 'Day 1',
          ...(owner === alice ? { audioUrl: '/media/alice-day1.mp3' } : {}),
        });
        if (owner === alice) {
          await db
            .insert(personalizedJourneySegments)
            .values({ journeyId: journey!.id, position: 0, url: '/media/alice-day-piece.ts', seconds: 2 });
        }
        await db.insert(userJourneyProgress).values({ id: `${owner.id}_peace-journey`, userId: owner.id, journeyId: 'peace-journey' });
        await db.insert(generationCounters).values({ userId: owner.id, monthKey: '2025-3', count: 2 });
        await db.insert(pushSubscriptions).values({ userId: owner.id, kind: 'fcm', endpoint: `fcm:${prefix}` });
        await db.insert(analyticsEvents).values({ userId: owner.id, name: 'screen_view', params: { screen_name: '/dashboard' } });
      }

      const response = await deleteMe(alice.cookie, { password: 'alice password 1' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ deleted: true });
      const cleared = response.cookies.find((cookie) => cookie.name.endsWith('session_token'));
      expect(cleared?.value ?? '').toBe('');

      // Signed out everywhere, and the password no longer works.
      expectApiError(await getMe(alice.cookie), 401, 'UNAUTHORIZED');
      expectApiError(await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${aliceSecondSession}` } }), 401);
      expectApiError(await signIn(t.app, 'alice@example.com', 'alice password 1'), 401);

      // Alice's rows are gone; Bob's are all there.
      const rowsOf = async (userId: string) => ({
        user: await db.select().from(user).where(eq(user.id, userId)),
        session: await db.select().from(session).where(eq(session.userId, userId)),
        account: await db.select().from(account).where(eq(account.userId, userId)),
        profiles: await db.select().from(profiles).where(eq(profiles.userId, userId)),
        records: await db.select().from(records).where(eq(records.userId, userId)),
        personalizedJourneys: await db.select().from(personalizedJourneys).where(eq(personalizedJourneys.userId, userId)),
        userJourneyProgress: await db.select().from(userJourneyProgress).where(eq(userJourneyProgress.userId, userId)),
        generationCounters: await db.select().from(generationCounters).where(eq(generationCounters.userId, userId)),
        pushSubscriptions: await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
        analyticsEvents: await db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, userId)),
      });
      const aliceRows = await rowsOf(alice.id);
      for (const [table, rows] of Object.entries(aliceRows)) expect(rows, table).toEqual([]);
      const bobRows = await rowsOf(bob.id);
      for (const [table, rows] of Object.entries(bobRows)) expect(rows.length, table).toBeGreaterThan(0);
      expect(bobRows.records).toHaveLength(2);

      // Journey days went with their journeys.
      const days = await db.select().from(personalizedJourneyDays);
      const bobJourneyIds = bobRows.personalizedJourneys.map((journey) => journey.id);
      expect(days.map((day) => day.journeyId)).toEqual(bobJourneyIds);
      expect(await db.select().from(personalizedJourneyDays).where(inArray(personalizedJourneyDays.journeyId, bobJourneyIds))).toHaveLength(
        1,
      );

      // Analytics stay, anonymised.
      const events = await db.select().from(analyticsEvents);
      expect(events).toHaveLength(2);
      expect(events.filter((event) => event.userId === null)).toHaveLength(1);
      expect(events.filter((event) => event.userId === bob.id)).toHaveLength(1);

      // The fixed journey itself is shared content and stays.
      expect(await db.select().from(prayerJourneys)).toHaveLength(1);

      // Alice's media files are gone from disk; Bob's stays and is still served.
      expect(existsSync(file('alice-prayer.mp3'))).toBe(false);
      expect(existsSync(file('alice-day1.mp3'))).toBe(false);
      expect(existsSync(file('alice-piece.ts'))).toBe(false);
      expect(existsSync(file('alice-day-piece.ts'))).toBe(false);
      expect(existsSync(file('bob-prayer.mp3'))).toBe(true);
      expect(existsSync(file('bob-piece.ts'))).toBe(true);
      expectApiError(await t.app.inject({ url: '/media/alice-prayer.mp3' }), 404);
      const bobFile = await t.app.inject({ url: '/media/bob-prayer.mp3' });
      expect(bobFile.statusCode).toBe(200);
      expect(bobFile.body).toBe('audio of bob-prayer.mp3');

      // Bob is untouched and still signed in.
      expect((await getMe(bob.cookie)).json()).toMatchObject({ id: bob.id, email: 'bob@example.com' });
      expect((await signIn(t.app, 'bob@example.com', 'bob password 1')).statusCode).toBe(200);
    });

    it('lets the email register again as a new, empty account', async () => {
      const first = await registerUser(t.app, 'comeback@example.com', 'first password 1');
      await grantPlan(t, first.id, 'Unlimited Prayer');
      await patchMe(first.cookie, { goals: ['Old goal'], language: 'es' });
      expect((await deleteMe(first.cookie, { password: 'first password 1' })).statusCode).toBe(200);

      const second = await registerUser(t.app, 'comeback@example.com', 'second password 2');
      expect(second.id).not.toBe(first.id);
      expect((await getMe(second.cookie)).json()).toMatchObject({ goals: ['', '', ''], language: 'en' });
    });
  });
});
