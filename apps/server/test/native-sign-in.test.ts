import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, user } from '../src/platform/db/schema';
import { sha256Hex } from '../src/modules/auth/id-token';
import { createTestApp, expectApiError, NATIVE_ORIGIN, registerUser, type TestApp } from './helpers';

/**
 * Issue 20: the native app signs in with the id token of Google's or Apple's own sheet. Two local servers publish
 * JWKS as Google and Apple do; the tokens are signed with their keys and carry the providers' real issuers.
 */
const GOOGLE_WEB_CLIENT = 'web-client.apps.googleusercontent.com';
const GOOGLE_IOS_CLIENT = 'ios-client.apps.googleusercontent.com';
const APPLE_SERVICE_ID = 'app.selah.web';
const APPLE_BUNDLE_ID = 'app.selah.mobile';

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

interface Issuer {
  server: Server;
  url: string;
  sign(claims: JWTPayload, options?: { key?: SigningKey; kid?: string; alg?: string; iat?: number; exp?: number }): Promise<string>;
  /** Keys that sign nothing this server publishes: a forger's. */
  foreignKey: SigningKey;
  requests: number;
}

async function startIssuer(issuer: string): Promise<Issuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
  const state = { requests: 0 };
  const server = createServer((_request, response) => {
    state.requests += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}/keys`,
    foreignKey: foreign.privateKey,
    get requests() {
      return state.requests;
    },
    async sign(claims, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: issuer, ...claims })
        .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? 'key-1' })
        .setIssuedAt(options.iat ?? now)
        .setExpirationTime(options.exp ?? now + 3600)
        .sign(options.key ?? privateKey);
    },
  };
}

const newNonce = () => randomBytes(24).toString('base64url');

describe('native sign-in with id tokens (issue 20)', () => {
  let t: TestApp;
  let google: Issuer;
  let apple: Issuer;

  beforeAll(async () => {
    google = await startIssuer('https://accounts.google.com');
    apple = await startIssuer('https://appleid.apple.com');
    t = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: GOOGLE_WEB_CLIENT,
        GOOGLE_CLIENT_SECRET: 'google-secret',
        GOOGLE_IOS_CLIENT_ID: GOOGLE_IOS_CLIENT,
        GOOGLE_JWKS_URL: google.url,
        APPLE_CLIENT_ID: APPLE_SERVICE_ID,
        APPLE_CLIENT_SECRET: 'apple-secret',
        APPLE_APP_BUNDLE_IDENTIFIER: APPLE_BUNDLE_ID,
        APPLE_JWKS_URL: apple.url,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    google?.server.close();
    apple?.server.close();
  });

  const signInWith = (body: unknown, origin = NATIVE_ORIGIN, authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin, ...(authorization ? { authorization } : {}) },
      payload: body as Record<string, unknown>,
    });

  const usersWithEmail = async (email: string) => t.database.db.select().from(user).where(eq(user.email, email));
  const accountsOf = async (userId: string) => t.database.db.select().from(account).where(eq(account.userId, userId));

  const googleClaims = (email: string, nonce: string, extra: JWTPayload = {}): JWTPayload => ({
    sub: `google-${email}`,
    aud: GOOGLE_WEB_CLIENT,
    email,
    email_verified: true,
    name: 'Maria Lopez',
    nonce,
    ...extra,
  });

  const appleClaims = (email: string, nonce: string, extra: JWTPayload = {}): JWTPayload => ({
    sub: `apple-${email}`,
    aud: APPLE_BUNDLE_ID,
    email,
    email_verified: 'true',
    nonce: sha256Hex(nonce),
    ...extra,
  });

  describe('Google', () => {
    it('creates the account and answers a session token that works as a bearer token', async () => {
      const nonce = newNonce();
      const token = await google.sign(googleClaims('gina@example.com', nonce));
      const response = await signInWith({ provider: 'google', idToken: { token, nonce, accessToken: 'google-access-token' } });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ token: string; user: { id: string; email: string; name: string } }>();
      expect(body.user).toMatchObject({ email: 'gina@example.com', name: 'Maria Lopez' });
      const bearer = response.headers['set-auth-token'];
      expect(bearer).toEqual(expect.stringContaining(body.token));

      const me = await t.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { origin: NATIVE_ORIGIN, authorization: `Bearer ${bearer as string}` },
      });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toMatchObject({ id: body.user.id, email: 'gina@example.com', hasPassword: false });
      expect(me.headers['access-control-allow-origin']).toBe(NATIVE_ORIGIN);
      const linked = await accountsOf(body.user.id);
      expect(linked.map((row) => [row.providerId, row.accountId])).toEqual([['google', 'google-gina@example.com']]);

      // The same person again: the same account, no second user.
      const again = await signInWith({
        provider: 'google',
        idToken: { token: await google.sign(googleClaims('gina@example.com', nonce)), nonce },
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<{ user: { id: string } }>().user.id).toBe(body.user.id);
      expect(await usersWithEmail('gina@example.com')).toHaveLength(1);
    });

    it("accepts the iOS app's own client id as the audience", async () => {
      const nonce = newNonce();
      const token = await google.sign(googleClaims('ios-user@example.com', nonce, { aud: GOOGLE_IOS_CLIENT }));
      const response = await signInWith({ provider: 'google', idToken: { token, nonce } });
      expect(response.statusCode, response.body).toBe(200);
    });

    it('keeps the JWKS it fetched (one fetch for many sign-ins)', () => {
      expect(google.requests).toBe(1);
    });

    const refusals: Array<[string, (email: string, nonce: string) => Promise<{ token: string; nonce?: unknown }>]> = [
      [
        'a wrong audience',
        async (email, nonce) => ({
          token: await google.sign(googleClaims(email, nonce, { aud: 'someone-else.apps.googleusercontent.com' })),
          nonce,
        }),
      ],
      [
        'a wrong issuer',
        async (email, nonce) => ({ token: await google.sign(googleClaims(email, nonce, { iss: 'https://accounts.example.com' })), nonce }),
      ],
      ['a wrong nonce', async (email, nonce) => ({ token: await google.sign(googleClaims(email, nonce)), nonce: newNonce() })],
      ['a missing nonce', async (email, nonce) => ({ token: await google.sign(googleClaims(email, nonce)) })],
      [
        'a token without a nonce',
        async (email, nonce) => ({ token: await google.sign(googleClaims(email, nonce, { nonce: undefined })), nonce }),
      ],
      ['a nonce that is no string', async (email, nonce) => ({ token: await google.sign(googleClaims(email, nonce)), nonce: { $ne: '' } })],
      [
        'an expired token',
        async (email, nonce) => {
          const now = Math.floor(Date.now() / 1000);
          return { token: await google.sign(googleClaims(email, nonce), { iat: now - 7200, exp: now - 3600 }), nonce };
        },
      ],
      [
        'a token issued more than an hour ago',
        async (email, nonce) => {
          const now = Math.floor(Date.now() / 1000);
          return { token: await google.sign(googleClaims(email, nonce), { iat: now - 7200, exp: now + 3600 }), nonce };
        },
      ],
      [
        'a token signed by another key under the same kid',
        async (email, nonce) => ({ token: await google.sign(googleClaims(email, nonce), { key: google.foreignKey }), nonce }),
      ],
      [
        'a token signed with an unknown kid',
        async (email, nonce) => ({ token: await google.sign(googleClaims(email, nonce), { key: google.foreignKey, kid: 'other' }), nonce }),
      ],
      [
        'an unsigned token (alg none)',
        async (email, nonce) => {
          const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
          const now = Math.floor(Date.now() / 1000);
          const claims = { iss: 'https://accounts.google.com', ...googleClaims(email, nonce), iat: now, exp: now + 600 };
          return { token: `${part({ alg: 'none', kid: 'key-1' })}.${part(claims)}.`, nonce };
        },
      ],
      ['a token that is not a JWT', async (_email, nonce) => ({ token: 'not-a-token', nonce })],
      ['a token of 100 KB', async (_email, nonce) => ({ token: 'a'.repeat(60_000), nonce })],
    ];

    for (const [what, make] of refusals) {
      it(`refuses ${what} with a JSON error and creates no account`, async () => {
        const email = `refused-${what.replace(/\W+/g, '-')}@example.com`;
        const idToken = await make(email, newNonce());
        const response = await signInWith({ provider: 'google', idToken });
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, response.body).toBeLessThan(500);
        expectApiError(response, response.statusCode);
        expect(response.headers['set-auth-token']).toBeUndefined();
        expect(await usersWithEmail(email)).toHaveLength(0);
      });
    }
  });

  describe('Apple', () => {
    it('checks the SHA-256 of the nonce and takes the name the sheet gave', async () => {
      const nonce = newNonce();
      const token = await apple.sign(appleClaims('anna@example.com', nonce));
      const response = await signInWith({
        provider: 'apple',
        idToken: { token, nonce, user: { name: { firstName: 'Anna', lastName: 'Nowak' }, email: 'anna@example.com' } },
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ token: string; user: { id: string; name: string } }>();
      expect(body.user.name).toBe('Anna Nowak');
      const linked = await accountsOf(body.user.id);
      expect(linked.map((row) => row.providerId)).toEqual(['apple']);

      // Signing in again later (Apple gives the name only the first time) keeps the account.
      const again = await signInWith({
        provider: 'apple',
        idToken: { token: await apple.sign(appleClaims('anna@example.com', nonce)), nonce },
      });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<{ user: { id: string } }>().user.id).toBe(body.user.id);
    });

    it('refuses the hash itself as the nonce (the token carries the hash; only the app knows the nonce)', async () => {
      const nonce = newNonce();
      const token = await apple.sign(appleClaims('hash@example.com', nonce));
      const response = await signInWith({ provider: 'apple', idToken: { token, nonce: sha256Hex(nonce) } });
      expectApiError(response, 401);
      expect(await usersWithEmail('hash@example.com')).toHaveLength(0);
    });

    it("refuses a token for another app, Google's issuer, or without a nonce", async () => {
      const nonce = newNonce();
      const cases = [
        { token: await apple.sign(appleClaims('other-app@example.com', nonce, { aud: 'com.example.other' })), nonce },
        { token: await apple.sign(appleClaims('other-app@example.com', nonce, { iss: 'https://accounts.google.com' })), nonce },
        { token: await apple.sign(appleClaims('other-app@example.com', nonce)) },
        { token: await google.sign(appleClaims('other-app@example.com', nonce, { iss: 'https://appleid.apple.com' })), nonce },
      ];
      for (const idToken of cases) {
        const response = await signInWith({ provider: 'apple', idToken });
        expectApiError(response, 401);
      }
      expect(await usersWithEmail('other-app@example.com')).toHaveLength(0);
    });

    it('asks a person whose email has a password account to sign in with it first, and links nothing', async () => {
      const { id } = await registerUser(t.app, 'existing@example.com');
      const nonce = newNonce();
      const token = await apple.sign(appleClaims('existing@example.com', nonce));
      const response = await signInWith({ provider: 'apple', idToken: { token, nonce } });
      const error = expectApiError(response, 409, 'APPLE_LINK_REQUIRES_SIGN_IN');
      expect(error.message).toBe('Please sign in with your existing account first to link Apple Sign-in.');
      expect(response.headers['set-auth-token']).toBeUndefined();
      expect((await accountsOf(id)).map((row) => row.providerId)).toEqual(['credential']);
    });

    it('also for an email whose account was made with Google', async () => {
      const nonce = newNonce();
      const gina = await signInWith({
        provider: 'google',
        idToken: { token: await google.sign(googleClaims('both@example.com', nonce)), nonce },
      });
      expect(gina.statusCode, gina.body).toBe(200);
      const response = await signInWith({
        provider: 'apple',
        idToken: { token: await apple.sign(appleClaims('both@example.com', nonce)), nonce },
      });
      expectApiError(response, 409, 'APPLE_LINK_REQUIRES_SIGN_IN');
    });

    it('says nothing about an email to a forged token', async () => {
      const nonce = newNonce();
      const token = await apple.sign(appleClaims('existing@example.com', nonce), { key: apple.foreignKey });
      const response = await signInWith({ provider: 'apple', idToken: { token, nonce } });
      const error = expectApiError(response, 401);
      expect(error.code).not.toBe('APPLE_LINK_REQUIRES_SIGN_IN');
    });

    it('lets a signed-in person link Apple (and a second link of the same Apple ID changes nothing)', async () => {
      await registerUser(t.app, 'linker@example.com');
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: NATIVE_ORIGIN },
        payload: { email: 'linker@example.com', password: 'correct horse 1' },
      });
      const bearer = `Bearer ${signedIn.headers['set-auth-token'] as string}`;
      const nonce = newNonce();
      const link = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/link-social',
          headers: { origin: NATIVE_ORIGIN, authorization: bearer },
          payload: { provider: 'apple', idToken: { token: '', nonce } },
        });
      const token = await apple.sign(appleClaims('linker@example.com', nonce));
      const first = await t.app.inject({
        method: 'POST',
        url: '/api/auth/link-social',
        headers: { origin: NATIVE_ORIGIN, authorization: bearer },
        payload: { provider: 'apple', idToken: { token, nonce } },
      });
      expect(first.statusCode, first.body).toBe(200);
      const [linker] = await usersWithEmail('linker@example.com');
      expect((await accountsOf(linker!.id)).map((row) => row.providerId).sort()).toEqual(['apple', 'credential']);
      // Then Apple signs them in.
      const viaApple = await signInWith({
        provider: 'apple',
        idToken: { token: await apple.sign(appleClaims('linker@example.com', nonce)), nonce },
      });
      expect(viaApple.statusCode, viaApple.body).toBe(200);
      expect(viaApple.json<{ user: { id: string } }>().user.id).toBe(linker!.id);
      // The same Apple ID once more: answered, and no second account.
      const second = await t.app.inject({
        method: 'POST',
        url: '/api/auth/link-social',
        headers: { origin: NATIVE_ORIGIN, authorization: bearer },
        payload: { provider: 'apple', idToken: { token: await apple.sign(appleClaims('linker@example.com', nonce)), nonce } },
      });
      expect(second.statusCode, second.body).toBe(200);
      expect(await accountsOf(linker!.id)).toHaveLength(2);
      // An empty token links nothing.
      expect((await link()).statusCode).toBeGreaterThanOrEqual(400);
      expect(await accountsOf(linker!.id)).toHaveLength(2);
    });
  });

  it('answers an unknown provider with a JSON 4xx and creates nothing', async () => {
    const nonce = newNonce();
    const token = await google.sign(googleClaims('unknown-provider@example.com', nonce));
    for (const provider of ['facebook', 'GOOGLE', '', '../google']) {
      const response = await signInWith({ provider, idToken: { token, nonce } });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expectApiError(response, response.statusCode);
    }
    expect(await usersWithEmail('unknown-provider@example.com')).toHaveLength(0);
  });
});

describe("the native shell's origins (issue 20)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const bearerOf = async (email: string) => {
    await registerUser(t.app, email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: NATIVE_ORIGIN },
      payload: { email, password: 'correct horse 1' },
    });
    return `Bearer ${response.headers['set-auth-token'] as string}`;
  };

  for (const origin of ['capacitor://localhost', 'https://localhost']) {
    it(`answers preflights and bearer requests from ${origin}, without cookies`, async () => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/me',
        headers: { origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      expect(String(preflight.headers['access-control-allow-methods'])).toContain('PATCH');
      expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

      const authorization = await bearerOf(`shell-${origin.split(':')[0]}@example.com`);
      const patch = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { origin, authorization },
        payload: { language: 'pl' },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      expect(patch.headers['access-control-allow-origin']).toBe(origin);
      expect(patch.json()).toMatchObject({ language: 'pl' });
    });
  }

  it('lets the shell read the session token a sign-in hands out', async () => {
    await registerUser(t.app, 'expose@example.com');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: NATIVE_ORIGIN },
      payload: { email: 'expose@example.com', password: 'correct horse 1' },
    });
    expect(response.headers['access-control-allow-origin']).toBe(NATIVE_ORIGIN);
    expect(String(response.headers['access-control-expose-headers'])).toContain('set-auth-token');
  });

  it('serves translations and audio to the shell across origins', async () => {
    const locales = await t.app.inject({ method: 'GET', url: '/locales/en/common.json', headers: { origin: NATIVE_ORIGIN } });
    expect(locales.statusCode).toBe(200);
    expect(locales.headers['access-control-allow-origin']).toBe(NATIVE_ORIGIN);
  });

  for (const origin of ['https://evil.example', 'capacitor://evil', 'http://localhost.evil.example', 'null']) {
    it(`refuses ${origin}: no CORS answer, and its preflights and bearer requests are refused`, async () => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/me',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expectApiError(preflight, 403, 'ORIGIN_NOT_ALLOWED');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();

      const authorization = await bearerOf(`foreign-${randomBytes(4).toString('hex')}@example.com`);
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { origin, authorization } });
      expectApiError(me, 403, 'ORIGIN_NOT_ALLOWED');
      expect(me.headers['access-control-allow-origin']).toBeUndefined();

      const change = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { origin, authorization },
        payload: { language: 'es' },
      });
      expectApiError(change, 403, 'ORIGIN_NOT_ALLOWED');
      const still = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization } });
      expect(still.json()).toMatchObject({ language: 'en' });

      // Signed out, a foreign page's simple GET is answered (public data), with no CORS header to read it by.
      const feed = await t.app.inject({ method: 'GET', url: '/locales/en/common.json', headers: { origin } });
      expect(feed.headers['access-control-allow-origin']).toBeUndefined();
    });
  }
});
