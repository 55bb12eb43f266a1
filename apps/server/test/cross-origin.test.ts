// Issue 34, item 3: a write carrying the web's session cookie is acted upon only when it comes from the app's own
// page (or a trusted origin such as the native shell's). A page elsewhere cannot make a signed-in browser change
// anything: not with a JSON body, not with a body-less text/plain post, not with only a Referer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectApiError, NATIVE_ORIGIN, registerUser, signIn, TEST_ORIGIN, type TestApp } from './helpers';

const EVIL = 'https://evil.example';
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

interface Write {
  method: 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  path: string;
}

describe('cross-origin writes', () => {
  let t: TestApp;
  let cookie: string;
  let writes: Write[];

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await registerUser(t.app, 'cross-origin@example.com'));
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    writes = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['post', 'patch', 'delete', 'put'].includes(method))
        // better-auth checks the origin of its own routes (auth.test.ts); the webhook carries no cookie.
        .filter(() => !path.startsWith('/api/auth/') && path !== '/api/webhooks/revenuecat')
        .map((method) => ({ method: method.toUpperCase() as Write['method'], path: path.replace(/\{[^}]+\}/g, '1') })),
    );
  });
  afterAll(async () => t?.close());

  const displayName = async () =>
    (await t.app.inject({ url: '/api/me', headers: { cookie } })).json<{ displayName: string | null }>().displayName;

  it('lists every state-changing route of the contract', () => {
    expect(writes.map((write) => `${write.method} ${write.path}`)).toEqual(
      expect.arrayContaining(['PATCH /api/me', 'POST /api/exports', 'POST /api/subscription/free', 'DELETE /api/me']),
    );
  });

  it('refuses every one from another origin, with a JSON body, a text/plain body, none, or only a Referer', async () => {
    for (const write of writes) {
      const url = write.path.replace('/1', `/${SAMPLE_ID}`);
      const variants: Array<[string, Record<string, string>, string | undefined]> = [
        ['json', { origin: EVIL, 'content-type': 'application/json' }, '{"displayName":"Mallory"}'],
        ['text/plain', { origin: EVIL, 'content-type': 'text/plain' }, 'x'],
        ['no body', { origin: EVIL }, undefined],
        ['origin null', { origin: 'null', 'content-type': 'application/json' }, '{}'],
        ['referer only', { referer: `${EVIL}/page`, 'content-type': 'application/json' }, '{}'],
      ];
      for (const [label, headers, payload] of variants) {
        const response = await t.app.inject({ method: write.method, url, headers: { ...headers, cookie }, payload });
        expectApiError(response, 403, 'ORIGIN_NOT_ALLOWED');
        expect(response.statusCode, `${write.method} ${url} ${label}`).toBe(403);
      }
    }
    expect(await displayName()).toBeNull();
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('accepts the app’s own page, a referer from it, and the native shell with its bearer token', async () => {
    const own = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { displayName: 'Anna' },
    });
    expect(own.statusCode, own.body).toBe(200);
    const referred = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie, referer: `${TEST_ORIGIN}/userprofile` },
      payload: { displayName: 'Anna B' },
    });
    expect(referred.statusCode, referred.body).toBe(200);
    // The app opened at the address the request was sent to (127.0.0.1, a LAN address): its own origin.
    const sameHost = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie, host: '192.0.2.2:3000', origin: 'http://192.0.2.2:3000' },
      payload: { displayName: 'Anna C' },
    });
    expect(sameHost.statusCode, sameHost.body).toBe(200);

    const native = await signIn(t.app, 'cross-origin@example.com', 'correct horse 1', NATIVE_ORIGIN);
    const authorization = `Bearer ${native.headers['set-auth-token'] as string}`;
    for (const origin of [NATIVE_ORIGIN, 'https://localhost']) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { authorization, origin },
        payload: { displayName: 'Anna D' },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const free = await t.app.inject({ method: 'POST', url: '/api/subscription/free', headers: { authorization, origin: NATIVE_ORIGIN } });
    expect(free.statusCode, free.body).toBeLessThan(300);
    expect(await displayName()).toBe('Anna D');
  });
});
