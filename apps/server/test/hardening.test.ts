import { STATUS_CODES } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, user } from '../src/platform/db/schema';
import { waitAfter } from '../src/modules/auth/sign-in-throttle';
import {
  createTestApp,
  expectApiError,
  grantPlan,
  NATIVE_ORIGIN,
  register,
  registerUser,
  sessionCookie,
  signIn,
  TEST_ORIGIN,
  type TestApp,
} from './helpers';

const signUpAt = (t: TestApp, host: string, origin: string, email: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { host, origin, ...extra },
    payload: { email, password: 'correct horse 1', name: '' },
  });

describe('first contact: the address the app was opened at', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ logLines: { level: 'warn', lines } });
  });
  afterAll(async () => t.close());

  for (const host of ['127.0.0.1:8080', '192.168.1.20:8080', 'localhost:8080', '[::1]:8080']) {
    it(`registers and signs in at http://${host} (Origin equal to the Host it was sent to)`, async () => {
      const email = `at-${host.replace(/[^0-9a-z]/gi, '')}@example.com`;
      const registered = await signUpAt(t, host, `http://${host}`, email);
      expect(registered.statusCode, registered.body).toBe(200);
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { host, origin: `http://${host}` },
        payload: { email, password: 'correct horse 1' },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const cookie = signedIn.cookies.find((c) => c.name === 'selah.session_token');
      expect(cookie?.value).toBeTruthy();
      // Plain http at that address: a Secure cookie would never come back.
      expect(cookie?.secure).toBeFalsy();
      const me = await t.app.inject({ url: '/api/me', headers: { host, cookie: sessionCookie(signedIn) } });
      expect(me.json()).toMatchObject({ email });
    });
  }

  it('leaves out Cross-Origin-Opener-Policy where browsers ignore it with an error (plain http at a LAN address)', async () => {
    const at = (host: string) => t.app.inject({ url: '/health', headers: { host } });
    expect((await at('192.168.1.20:8080')).headers['cross-origin-opener-policy']).toBeUndefined();
    expect((await at('localhost:8080')).headers['cross-origin-opener-policy']).toBe('same-origin');
    expect((await at('127.0.0.1:8080')).headers['cross-origin-opener-policy']).toBe('same-origin');
    expect((await at('192.168.1.20:8080')).headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('refuses a page on another origin, and logs the remedy', async () => {
    const refused = await signUpAt(t, '127.0.0.1:8080', 'http://evil.example', 'cross@example.com');
    expectApiError(refused, 403, 'INVALID_ORIGIN');
    expect(lines.some((line) => line.includes('http://evil.example') && line.includes('TRUSTED_ORIGINS'))).toBe(true);
    // The same origin on another port is another origin.
    expectApiError(await signUpAt(t, '127.0.0.1:8080', 'http://127.0.0.1:9999', 'port@example.com'), 403, 'INVALID_ORIGIN');
  });

  it('ignores X-Forwarded-Host and -Proto from a caller that is not a trusted proxy', async () => {
    const forged = await signUpAt(t, '127.0.0.1:8080', 'https://evil.example', 'forged@example.com', {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expectApiError(forged, 403, 'INVALID_ORIGIN');
    const plain = await signUpAt(t, '127.0.0.1:8080', 'http://127.0.0.1:8080', 'proto@example.com', { 'x-forwarded-proto': 'https' });
    expect(plain.cookies.find((c) => c.name === 'selah.session_token')?.secure).toBeFalsy();
  });
});

describe('behind a proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', AUTH_RATE_LIMIT_MAX: '3', PUBLIC_URL: 'https://selah.example' } });
  });
  afterAll(async () => t.close());

  it('marks cookies Secure when the proxy says the request came over https', async () => {
    const response = await signUpAt(t, 'selah.example', 'https://selah.example', 'tls@example.com', {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '203.0.113.9',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.cookies.find((c) => c.name === 'selah.session_token')?.secure).toBe(true);
  });

  it("counts each client's address the proxy reports", async () => {
    const from = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'https://selah.example', 'x-forwarded-for': ip },
        payload: { email: `n-${ip}@example.com`, password: 'wrong password' },
      });
    for (let i = 0; i < 3; i += 1) expect((await from('198.51.100.1')).statusCode).toBe(401);
    expectApiError(await from('198.51.100.1'), 429, 'RATE_LIMITED');
    expect((await from('198.51.100.2')).statusCode).toBe(401);
  });
});

describe('client addresses without a configured proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '5' } });
  });
  afterAll(async () => t.close());

  it('meets 429 however X-Forwarded-For is rotated', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `10.0.${i}.${i + 1}`, 'x-real-ip': `10.1.${i}.1` },
        payload: { email: `rotate-${i}@example.com`, password: 'wrong password' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });
});

describe('accounts per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SIGN_UP_RATE_LIMIT_MAX: '2', AUTH_RATE_LIMIT_MAX: '100' } });
  });
  afterAll(async () => t.close());

  it('counts accounts made, not refused tries, and holds however X-Forwarded-For is rotated', async () => {
    for (let i = 0; i < 5; i += 1) expectApiError(await register(t.app, `weak-${i}@example.com`, '123456'), 400, 'PASSWORD_TOO_SHORT');
    expect((await register(t.app, 'first@example.com')).statusCode).toBe(200);
    expect((await register(t.app, 'second@example.com')).statusCode).toBe(200);
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '203.0.113.77' },
      payload: { email: 'third@example.com', password: 'correct horse 1', name: '' },
    });
    expect(expectApiError(third, 429, 'RATE_LIMITED').message).toBe(
      'Too many accounts were created from this address. Please try again later.',
    );
    t.app.clock.advance(60 * 60 * 1000 + 1000);
    expect((await register(t.app, 'third@example.com')).statusCode).toBe(200);
  });
});

describe('accounts per address, in parallel', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SIGN_UP_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_MAX: '100' } });
  });
  afterAll(async () => t.close());

  it('holds the count when sign-ups arrive at once', async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => register(t.app, `parallel-${i}@example.com`)));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(3);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) expectApiError(response, 429, 'RATE_LIMITED');
  });
});

describe('sign-in failures per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('makes the right password wait after repeated failures, and lets it in once the wait is over', async () => {
    await registerUser(t.app, 'target@example.com', 'right password 1');
    for (let i = 0; i < 6; i += 1) expect((await signIn(t.app, 'target@example.com', `wrong ${i}`)).statusCode).toBe(401);
    const locked = await signIn(t.app, 'target@example.com', 'right password 1');
    const error = expectApiError(locked, 429, 'TOO_MANY_ATTEMPTS');
    expect(error.message).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Any spelling of the address is the same account.
    expectApiError(await signIn(t.app, ' TARGET@example.com', 'right password 1'), 429, 'TOO_MANY_ATTEMPTS');

    t.app.clock.advance(waitAfter(6) * 1000 + 1000);
    const allowed = await signIn(t.app, 'target@example.com', 'right password 1');
    expect(allowed.statusCode, allowed.body).toBe(200);
    // A success starts the count again.
    for (let i = 0; i < 5; i += 1) expect((await signIn(t.app, 'target@example.com', `again ${i}`)).statusCode).toBe(401);
    expect((await signIn(t.app, 'target@example.com', 'right password 1')).statusCode).toBe(200);
  });

  it('grows the wait, up to 15 minutes: after 240 failures the right password does not simply work', async () => {
    expect([6, 7, 8, 9].map(waitAfter)).toEqual([15, 30, 60, 120]);
    expect(waitAfter(240)).toBe(15 * 60);
    await registerUser(t.app, 'patient@example.com', 'right password 1');
    let failures = 0;
    for (let i = 0; i < 240; i += 1) {
      const response = await signIn(t.app, 'patient@example.com', `guess ${i}`);
      if (response.statusCode === 401) failures += 1;
      else expectApiError(response, 429, 'TOO_MANY_ATTEMPTS');
      t.app.clock.advance(20_000);
    }
    // One guess per wait: far fewer than 240 were even tried.
    expect(failures).toBeLessThan(20);
    expectApiError(await signIn(t.app, 'patient@example.com', 'right password 1'), 429, 'TOO_MANY_ATTEMPTS');
    t.app.clock.advance(15 * 60 * 1000);
    expect((await signIn(t.app, 'patient@example.com', 'right password 1')).statusCode).toBe(200);
  });

  it('holds a burst of parallel guesses to the same count as a sequence', async () => {
    await registerUser(t.app, 'burst@example.com', 'right password 1');
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(t.app, 'burst@example.com', `parallel ${i}`)));
    const tried = responses.filter((response) => response.statusCode === 401).length;
    expect(tried).toBeLessThanOrEqual(6);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(20 - tried);
  });

  it('answers an address without an account exactly as one with an account', async () => {
    await registerUser(t.app, 'known@example.com', 'right password 1');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      known.push((await signIn(t.app, 'known@example.com', `wrong ${i}`)).statusCode);
      unknown.push((await signIn(t.app, 'nobody-here@example.com', `wrong ${i}`)).statusCode);
    }
    expect(unknown).toEqual(known);
    expect(known).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });

  it('limits password guesses when deleting the account, per account', async () => {
    const { cookie } = await registerUser(t.app, 'deleter@example.com', 'right password 1');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: '/api/me',
        headers: { cookie, 'x-forwarded-for': `10.9.${i}.1` },
        payload: { password: `wrong ${i}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 6)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(statuses.slice(6)).toEqual([429, 429]);
    const stillThere = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(stillThere.statusCode).toBe(200);
  });
});

describe('passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const refusals: Array<[string, string, string]> = [
    ['123456', 'PASSWORD_TOO_SHORT', 'Please choose a password of at least 8 characters.'],
    ['      ', 'PASSWORD_TOO_SHORT', 'Please choose a password of at least 8 characters.'],
    ['          ', 'PASSWORD_TOO_SHORT', 'Please choose a password of at least 8 characters.'],
    ['password', 'PASSWORD_TOO_COMMON', 'This password is among the most common ones. Please choose another.'],
    ['12345678', 'PASSWORD_TOO_COMMON', 'This password is among the most common ones. Please choose another.'],
    ['Password1', 'PASSWORD_TOO_COMMON', 'This password is among the most common ones. Please choose another.'],
    ['qwertyuiop', 'PASSWORD_TOO_COMMON', 'This password is among the most common ones. Please choose another.'],
  ];
  for (const [password, code, message] of refusals) {
    it(`refuses ${JSON.stringify(password)} at sign-up with ${code}`, async () => {
      const response = await register(t.app, `weak-${code}-${password.length}-${password.charCodeAt(0)}@example.com`, password);
      expect(expectApiError(response, 400, code).message).toBe(message);
    });
  }

  it('refuses the email address as the password', async () => {
    const response = await register(t.app, 'maria.lopez@example.com', 'Maria.Lopez@example.com');
    expectApiError(response, 400, 'PASSWORD_EQUALS_EMAIL');
    expect((await t.database.db.select().from(user).where(eq(user.email, 'maria.lopez@example.com'))).length).toBe(0);
  });

  it('refuses a common password when it is reset, and keeps the old one', async () => {
    await registerUser(t.app, 'reset-weak@example.com', 'right password 1');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { token: 'whatever', newPassword: 'iloveyou' },
    });
    expectApiError(response, 400, 'PASSWORD_TOO_COMMON');
  });

  it('stores new passwords as argon2id at OWASP minimum parameters', async () => {
    const { id } = await registerUser(t.app, 'argon@example.com', 'correct horse 1');
    const [row] = await t.database.db.select().from(account).where(eq(account.userId, id));
    expect(row?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('upgrades an older scrypt hash at the next sign-in, which keeps working', async () => {
    const { id } = await registerUser(t.app, 'legacy@example.com', 'old password 1');
    await t.database.db
      .update(account)
      .set({ password: await hashPassword('old password 1') })
      .where(eq(account.userId, id));
    const [before] = await t.database.db.select().from(account).where(eq(account.userId, id));
    expect(before?.password).not.toMatch(/^\$argon2/);

    expect((await signIn(t.app, 'legacy@example.com', 'old password 1')).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(account).where(eq(account.userId, id));
    expect(after?.password).toMatch(/^\$argon2id\$/);
    expect((await signIn(t.app, 'legacy@example.com', 'old password 1')).statusCode).toBe(200);
    expect((await signIn(t.app, 'legacy@example.com', 'old password 2')).statusCode).toBe(401);
  });
});

describe('the auth API has one spelling and one body type', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: string, contentType = 'application/json', cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin: TEST_ORIGIN, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
      payload,
    });

  it('takes JSON in any letter case, and nothing else', async () => {
    await registerUser(t.app, 'bodies@example.com', 'right password 1');
    for (let i = 0; i < 6; i += 1) await signIn(t.app, 'bodies@example.com', `wrong ${i}`);
    const right = JSON.stringify({ email: 'bodies@example.com', password: 'right password 1' });
    expectApiError(await post('/api/auth/sign-in/email', right, 'Application/JSON'), 429, 'TOO_MANY_ATTEMPTS');
    expectApiError(await post('/api/auth/sign-in/email', right, 'APPLICATION/JSON; charset=utf-8'), 429, 'TOO_MANY_ATTEMPTS');
    const form = 'email=bodies%40example.com&password=right+password+1';
    expectApiError(await post('/api/auth/sign-in/email', form, 'application/x-www-form-urlencoded'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectApiError(
      await post('/api/auth/sign-up/email', 'email=x%40example.com&password=password123&name=x', 'application/x-www-form-urlencoded'),
      415,
    );
    expectApiError(
      await post(
        '/api/auth/sign-up/email',
        JSON.stringify({ email: 'c@example.com', password: 'password123', name: '' }),
        'Application/Json',
      ),
      400,
      'PASSWORD_TOO_COMMON',
    );
    expectApiError(
      await post(
        '/api/auth/reset-password',
        JSON.stringify({ token: 'a\u0000b', newPassword: 'Very-unusual-pass-93' }),
        'APPLICATION/JSON',
      ),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('checks exactly what better-auth is given: no byte-order mark, no form body dressed as JSON', async () => {
    await registerUser(t.app, 'bom@example.com', 'right password 1');
    for (let i = 0; i < 6; i += 1) await signIn(t.app, 'bom@example.com', `wrong ${i}`);
    const right = JSON.stringify({ email: 'bom@example.com', password: 'right password 1' });
    expectApiError(await post('/api/auth/sign-in/email', `\ufeff${right}`), 400, 'VALIDATION_ERROR');
    for (const contentType of ['application/x-www-form-urlencoded; charset=json', 'application/x-www-form-urlencoded;json', 'text/json']) {
      expectApiError(await post('/api/auth/sign-in/email', 'email=bom%40example.com&password=right+password+1', contentType), 415);
    }
    expectApiError(await post('/api/auth/sign-in/email', right), 429, 'TOO_MANY_ATTEMPTS');
    const weak = JSON.stringify({ email: 'bom-2@example.com', password: 'password', name: '' });
    expectApiError(await post('/api/auth/sign-up/email', `\ufeff${weak}`), 400, 'VALIDATION_ERROR');
    expectApiError(await post('/api/auth/sign-up/email', '["not", "an object"]'), 400, 'VALIDATION_ERROR');
    expectApiError(
      await post('/api/auth/reset-password', `\ufeff${JSON.stringify({ token: 'abc\u0000def', newPassword: 'Very-unusual-pass-1' })}`),
      400,
      'VALIDATION_ERROR',
    );
    expectApiError(
      await post('/api/auth/sign-up/email', JSON.stringify({ email: 'lf@example.com', password: 'right password 1', name: 'A\nB' })),
      400,
    );
  });

  it('serves only the endpoints the apps use: profile changes go through /api/me and its rules', async () => {
    const { id, cookie } = await registerUser(t.app, 'endpoints@example.com', 'right password 1');
    await grantPlan(t, id, 'Faithful Plan');
    for (const [url, body] of [
      ['/api/auth/update-user', { name: '\u0007'.repeat(3) + 'Z'.repeat(5000) }],
      ['/api/auth/change-password', { currentPassword: 'guess', newPassword: 'qwertyuiop' }],
      ['/api/auth/delete-user', { password: 'guess' }],
      ['/api/auth/revoke-session', { token: 'x' }],
      ['/api/auth/change-email', { newEmail: 'other@example.com' }],
    ] as const) {
      expectApiError(await post(url, JSON.stringify(body), 'application/json', cookie), 404, 'NOT_FOUND');
    }
    expectApiError(await t.app.inject({ url: '/api/auth/list-sessions', headers: { cookie } }), 404, 'NOT_FOUND');
    const me = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { displayName: '\u0007\u001b[2J\u202eevil' },
    });
    expectApiError(me, 400, 'VALIDATION_ERROR');
    for (const payload of [{ displayName: 'A\nB' }, { displayName: 'Anna\u200e' }, { goals: ['a\u0007\u001b[2Jb', 'x\u202e'] }]) {
      expectApiError(await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie, origin: TEST_ORIGIN }, payload }), 400);
    }
    const fine = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { goals: ['Pray\tmore,\nevery morning'] },
    });
    expect(fine.statusCode).toBe(200);
  });

  it("keeps the session's token out of get-session for web pages, and gives it to the native shell", async () => {
    const { cookie } = await registerUser(t.app, 'session-token@example.com', 'right password 1');
    const web = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie, origin: TEST_ORIGIN } });
    expect(web.json<{ session: Record<string, unknown> }>().session).not.toHaveProperty('token');
    expect(web.json<{ user: { email: string } }>().user.email).toBe('session-token@example.com');
    const native = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie, origin: NATIVE_ORIGIN } });
    expect(native.json<{ session: { token?: string } }>().session.token).toEqual(expect.any(String));
  });
});

describe("what Node's HTTP parser refuses", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  const rawRequest = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(text));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });

  it('answers other spellings of the auth paths with 404, so no check is passed by (raw requests: clients normalise)', async () => {
    await registerUser(t.app, 'spelling@example.com', 'right password 1');
    const body = JSON.stringify({ email: 'spelling@example.com', password: 'right password 1' });
    const raw = (path: string) =>
      rawRequest(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    expect((await raw('/api/auth/sign-in/email')).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    for (const path of [
      '/api/auth/sign-in/./email',
      '/api/auth/sign-in/%2e/email',
      '/api/auth/sign-in/%2E/email',
      '/api/auth/sign-in\\email',
      '/api/auth/Sign-In/Email',
      '/api/auth/sign-in/email/',
      '/api/auth//sign-in/email',
      '/api/auth/sign-in/email#x',
      '/api/auth/sign-up/./email',
      '/api/auth/x/../sign-in/email',
    ]) {
      const answer = await raw(path);
      expect(answer.split('\r\n')[0], path).toBe('HTTP/1.1 404 Not Found');
      expect(answer).toContain('"code":"NOT_FOUND"');
    }
  });

  it('answers a request without Host, an unknown Expect and CONNECT in the JSON error shape', async () => {
    for (const [text, status] of [
      ['GET /api/me HTTP/1.1\r\nConnection: close\r\n\r\n', 400],
      ['POST /api/me HTTP/1.1\r\nHost: x\r\nExpect: foo\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}', 417],
      [`CONNECT 127.0.0.1:${port} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`, 405],
    ] as const) {
      const answer = await rawRequest(text);
      expect(answer.split('\r\n')[0], text.slice(0, 30)).toBe(`HTTP/1.1 ${status} ${STATUS_CODES[status]}`);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error: { code: string; message: string } };
      expect(body.error).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
  });

  it('answers oversized headers, a bad request line and an unknown method in the JSON error shape', async () => {
    for (const [text, status] of [
      [`GET /api/records/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
      [`GET /api/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`, 431],
      ['FOO /api/me HTTP/1.1\r\nHost: x\r\n\r\n', 400],
      ['GET /api/\u0000me HTTP/1.1\r\nHost: x\r\n\r\n', 400],
      [
        'POST /api/analytics/events HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nZZZ\r\n',
        400,
      ],
    ] as const) {
      const answer = await rawRequest(text);
      expect(answer.split('\r\n')[0], text.slice(0, 40)).toBe(`HTTP/1.1 ${status} ${STATUS_CODES[status]}`);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error: { code: string; message: string } };
      expect(body.error).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
  });
});
