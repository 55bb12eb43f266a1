import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, user } from '../src/platform/db/schema';
import {
  createTestApp,
  expectApiError,
  register,
  registerUser,
  sessionCookie,
  signIn,
  signOut,
  NATIVE_ORIGIN,
  TEST_ORIGIN,
  type TestApp,
} from './helpers';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const profileOf = async (userId: string) => {
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.userId, userId));
    return row;
  };

  describe('register', () => {
    it('answers 200 with the user and an HttpOnly, SameSite=Lax session cookie', async () => {
      const response = await register(t.app, 'new@example.com', 'correct horse 1');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ user: { email: 'new@example.com', id: expect.any(String) } });
      const session = response.cookies.find((cookie) => cookie.name.endsWith('session_token'));
      expect(session, 'session cookie').toBeDefined();
      expect(session!.value).not.toBe('');
      expect(session!.httpOnly).toBe(true);
      expect(String(session!.sameSite).toLowerCase()).toBe('lax');
      expect(session!.path).toBe('/');
    });

    it('creates the profile row with the defaults of the spec', async () => {
      const before = Date.now();
      const { id } = await registerUser(t.app, 'defaults@example.com');
      const row = await profileOf(id);
      expect(row).toBeDefined();
      expect(row).toMatchObject({
        email: 'defaults@example.com',
        language: 'en',
        prayerNotifications: true,
        goals: ['', '', ''],
        plan: 'Free',
        fcmToken: null,
      });
      expect(row!.createdAt).toBeInstanceOf(Date);
      expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
      expect(row!.lastLoginAt).toBeInstanceOf(Date);
      expect(row!.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    });

    it('reports the same profile through GET /api/me', async () => {
      const { id, cookie } = await registerUser(t.app, 'me-defaults@example.com');
      const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({
        id,
        email: 'me-defaults@example.com',
        language: 'en',
        prayerNotifications: true,
        goals: ['', '', ''],
        subscription: { plan: 'Free', purchasedAt: null, expiresAt: null, pendingChange: null },
        hasPassword: true,
        createdAt: expect.any(String),
        lastLoginAt: expect.any(String),
      });
    });

    it.each([
      ['es', 'es'],
      ['pl', 'pl'],
      ['en', 'en'],
      ['fr', 'en'],
      ['', 'en'],
    ])('takes the language from x-selah-language %j -> %s', async (header, expected) => {
      const email = `lang-${header || 'none'}@example.com`;
      const { id } = await registerUser(t.app, email, 'correct horse 1', header || undefined);
      expect((await profileOf(id))?.language).toBe(expected);
    });

    it('rejects a second registration with the same email, in any letter case', async () => {
      await registerUser(t.app, 'twice@example.com');
      const again = await register(t.app, 'twice@example.com', 'another password 2');
      const error = expectApiError(again, 422);
      expect(error.code).toMatch(/USER_ALREADY_EXISTS/);
      expect(again.cookies.filter((cookie) => cookie.value !== '')).toEqual([]);
      const upper = await register(t.app, 'TWICE@example.com', 'another password 2');
      expect(upper.statusCode).toBe(422);
      const rows = await t.database.db.select().from(user).where(eq(user.email, 'twice@example.com'));
      expect(rows).toHaveLength(1);
    });

    it('rejects a password shorter than 8 characters', async () => {
      const response = await register(t.app, 'short@example.com', '1234567');
      expectApiError(response, 400, 'PASSWORD_TOO_SHORT');
    });
  });

  describe('sign-in', () => {
    it('signs in with the right password and updates lastLoginAt each time', async () => {
      const { id } = await registerUser(t.app, 'login@example.com', 'right password 1');
      const old = new Date('2020-01-01T00:00:00Z');
      await t.database.db.update(profiles).set({ lastLoginAt: old }).where(eq(profiles.userId, id));

      const first = await signIn(t.app, 'login@example.com', 'right password 1');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ user: { id, email: 'login@example.com' } });
      const afterFirst = (await profileOf(id))!.lastLoginAt!;
      expect(afterFirst.getTime()).toBeGreaterThan(old.getTime());
      expect(Math.abs(afterFirst.getTime() - Date.now())).toBeLessThan(60_000);

      await new Promise((resolve) => setTimeout(resolve, 20));
      const second = await signIn(t.app, 'login@example.com', 'right password 1');
      expect(second.statusCode).toBe(200);
      const afterSecond = (await profileOf(id))!.lastLoginAt!;
      expect(afterSecond.getTime()).toBeGreaterThan(afterFirst.getTime());

      const me = await t.app.inject({ url: '/api/me', headers: { cookie: sessionCookie(second) } });
      expect(me.json()).toMatchObject({ id, lastLoginAt: afterSecond.toISOString() });
    });

    it('refuses a wrong password with 401 and an error code', async () => {
      await registerUser(t.app, 'wrong@example.com', 'right password 1');
      const response = await signIn(t.app, 'wrong@example.com', 'not the password');
      expectApiError(response, 401, 'INVALID_EMAIL_OR_PASSWORD');
      expect(response.cookies.filter((cookie) => cookie.value !== '')).toEqual([]);
    });

    it('refuses an unknown email the same way as a wrong password', async () => {
      const response = await signIn(t.app, 'nobody@example.com', 'whatever 1');
      expectApiError(response, 401, 'INVALID_EMAIL_OR_PASSWORD');
    });

    it('does not create a second profile row on sign-in', async () => {
      const { id } = await registerUser(t.app, 'once@example.com');
      expect((await signIn(t.app, 'once@example.com', 'correct horse 1')).statusCode).toBe(200);
      const rows = await t.database.db.select().from(profiles).where(eq(profiles.userId, id));
      expect(rows).toHaveLength(1);
    });
  });

  describe('sign-out', () => {
    it('ends the session: GET /api/me is 401 afterwards', async () => {
      const { cookie } = await registerUser(t.app, 'leaving@example.com');
      expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);

      const out = await signOut(t.app, cookie);
      expect(out.statusCode).toBe(200);
      const cleared = out.cookies.find((c) => c.name.endsWith('session_token'));
      expect(cleared?.value ?? '').toBe('');

      expectApiError(await t.app.inject({ url: '/api/me', headers: { cookie } }), 401, 'UNAUTHORIZED');
    });

    it('ends only that session: another device stays signed in', async () => {
      const { cookie: phone } = await registerUser(t.app, 'two-devices@example.com');
      const laptop = sessionCookie(await signIn(t.app, 'two-devices@example.com', 'correct horse 1'));
      expect((await signOut(t.app, phone)).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/me', headers: { cookie: laptop } })).statusCode).toBe(200);
    });
  });

  describe('the address a session is stored with', () => {
    it('is the connection’s own when no proxy is trusted, whatever X-Forwarded-For claims', async () => {
      const { id } = await registerUser(t.app, 'forged-ip@example.com');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.10' },
        payload: { email: 'forged-ip@example.com', password: 'correct horse 1' },
      });
      expect(response.statusCode).toBe(200);
      const { rows } = await t.database.query('SELECT ip_address FROM "session" WHERE user_id = $1 ORDER BY created_at DESC', [id]);
      expect(rows[0]?.ip_address).toBe('127.0.0.1');
      expect(rows.map((row) => row.ip_address)).not.toContain('203.0.113.9');
    });
  });

  describe('cross-site requests', () => {
    it('refuses a cookie-carrying auth POST from an untrusted origin', async () => {
      const { cookie } = await registerUser(t.app, 'csrf@example.com');
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { origin: 'https://evil.example', cookie },
      });
      expectApiError(out, 403, 'INVALID_ORIGIN');
      expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    });
  });

  describe('bearer tokens (native shell)', () => {
    it('gives a set-auth-token header on sign-in that works as Authorization: Bearer without cookies', async () => {
      const { id } = await registerUser(t.app, 'native@example.com');
      const response = await signIn(t.app, 'native@example.com', 'correct horse 1', NATIVE_ORIGIN);
      expect(response.statusCode).toBe(200);
      expect(response.json<{ token?: string }>().token).toEqual(expect.any(String));
      const token = response.headers['set-auth-token'];
      expect(typeof token).toBe('string');
      expect((token as string).length).toBeGreaterThan(10);

      const me = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token as string}` } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id, email: 'native@example.com' });

      const bogus = await t.app.inject({ url: '/api/me', headers: { authorization: 'Bearer not-a-real-token' } });
      expectApiError(bogus, 401, 'UNAUTHORIZED');
    });

    it('refuses the session table’s stored value as a bearer token: only the signed token works', async () => {
      const { id, cookie } = await registerUser(t.app, 'stored-token@example.com');
      const signedIn = await signIn(t.app, 'stored-token@example.com', 'correct horse 1', NATIVE_ORIGIN);
      const signed = signedIn.headers['set-auth-token'] as string;
      const { rows } = await t.database.query('SELECT token FROM "session" WHERE user_id = $1', [id]);
      expect(rows.length).toBe(2);
      for (const row of rows) {
        const stored = row.token as string;
        expectApiError(await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${stored}` } }), 401, 'UNAUTHORIZED');
      }
      // The unsigned part of the web's cookie is refused too; the whole cookie and the signed token work.
      const tokenCookie = cookie.split('; ').find((part) => part.includes('session_token='))!;
      const unsigned = decodeURIComponent(tokenCookie.split('=')[1]!).split('.')[0]!;
      expectApiError(await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${unsigned}` } }), 401, 'UNAUTHORIZED');
      expect((await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${signed}` } })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    });

    it('gives a web page neither the header nor a token in the body, only the HttpOnly cookie', async () => {
      await registerUser(t.app, 'web-token@example.com');
      const response = await signIn(t.app, 'web-token@example.com', 'correct horse 1');
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-auth-token']).toBeUndefined();
      expect(response.json()).not.toHaveProperty('token');
      expect(response.json()).toMatchObject({ user: { email: 'web-token@example.com' } });
      expect(response.cookies.some((cookie) => cookie.httpOnly && cookie.value !== '')).toBe(true);
      const signUp = await register(t.app, 'web-token-2@example.com');
      expect(signUp.headers['set-auth-token']).toBeUndefined();
      expect(signUp.json()).not.toHaveProperty('token');
    });

    it('stops accepting the bearer token after sign-out', async () => {
      await registerUser(t.app, 'native-out@example.com');
      const response = await signIn(t.app, 'native-out@example.com', 'correct horse 1', NATIVE_ORIGIN);
      const authorization = `Bearer ${response.headers['set-auth-token'] as string}`;
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { authorization, origin: TEST_ORIGIN } });
      expect(out.statusCode).toBe(200);
      expectApiError(await t.app.inject({ url: '/api/me', headers: { authorization } }), 401, 'UNAUTHORIZED');
    });
  });
});

describe('auth rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
  });
  afterAll(async () => t.close());

  it('answers the 4th sign-in within a minute with 429 RATE_LIMITED', async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await signIn(t.app, 'someone@example.com', `guess ${i}`);
      expect(response.statusCode).toBe(401);
    }
    const limited = await signIn(t.app, 'someone@example.com', 'guess 4');
    const error = expectApiError(limited, 429, 'RATE_LIMITED');
    expect(error.message).toBe('Too many requests. Please try again later.');
  });

  it('does not limit session reads (GET /api/auth/get-session)', async () => {
    for (let i = 0; i < 5; i += 1) {
      const response = await t.app.inject({ url: '/api/auth/get-session' });
      expect(response.statusCode).toBe(200);
    }
  });
});
