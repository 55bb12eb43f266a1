import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from './helpers';

/**
 * Every route the OpenAPI document lists, and the routes it hides (locales, media, health), sent the inputs a
 * hostile client would try: NUL characters, 1 MB strings, wrong types, huge numbers, ids that pass a pattern
 * but not a cast, addresses Fastify itself refuses. Each answer is below 500, and every error has the shape
 * { "error": { "code", "message" } }.
 */

const NUL = 'a\u0000b';
const MEGABYTE = 'x'.repeat(1024 * 1024);
const BAD_VALUES: unknown[] = [NUL, MEGABYTE, 12, -1, 1e308, -1e308, 2 ** 64, 0.5, true, null, [], [NUL], {}, { a: NUL }, ''];
const BAD_IDS = [
  '%00',
  'a%00b',
  'x'.repeat(5000),
  '%ZZ',
  '-1',
  '0',
  '99999999999999999999999',
  '1e308',
  '..%2F..%2Fetc%2Fpasswd',
  '00000000-0000-0000-0000-000000000000',
  '%F0%9F%99%8F',
  '%C0%AF',
];
const BAD_QUERY_VALUES = ['%00', 'a%00b', 'x'.repeat(100_000), '%ZZ', '-1', '1e308', '99999999999999999999999', '[]', '{}'];
const BAD_CURSORS = [
  '1|00000000-0000-0000-0000-000000000000',
  '-1|00000000-0000-0000-0000-000000000000',
  '2026-11-25T00:00:00Z|------------------------------------',
  '2026-13-45T99:99:99Z|00000000-0000-0000-0000-000000000000',
  '275760-09-13T00:00:00.000Z|00000000-0000-0000-0000-000000000000',
  'Tue, 1 Jan 2030|00000000-0000-0000-0000-000000000000',
  '\u0000|\u0000',
  '|',
  '',
].map((raw) => Buffer.from(raw).toString('base64url'));

interface Operation {
  method: string;
  path: string;
  params: Array<{ in: string; name: string }>;
  bodyFields: string[];
}

function operations(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const list: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const body = op.requestBody as { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } | undefined;
      list.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters as Array<{ in: string; name: string }> | undefined) ?? [],
        bodyFields: Object.keys(body?.content?.['application/json']?.schema?.properties ?? {}),
      });
    }
  }
  return list;
}

function expectClientError(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${what} -> ${response.statusCode} ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(response.headers['content-type'], what).toMatch(/^application\/json/);
    const body = response.json<{ error?: { code?: unknown; message?: unknown } }>();
    expect(typeof body.error?.code, `${what}: ${response.body.slice(0, 300)}`).toBe('string');
    expect(typeof body.error?.message, `${what}: ${response.body.slice(0, 300)}`).toBe('string');
  }
}

/** An object nested 5,000 levels deep (issue 34: the auth routes answered it 500). */
const DEEP_OBJECT = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;

const fillPath = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

describe('bad input to every route', () => {
  let t: TestApp;
  let cookie: string;
  let ops: Operation[];
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await registerUser(t.app, 'fuzz@example.com'));
    // Every route of the document, the auth routes too (sent signed out: a fuzzed sign-out must not end the
    // session the other routes are fuzzed with). The event stream has no parameters or body to fuzz.
    ops = operations(t.app.swagger() as never);
  });
  afterAll(async () => t.close());

  const send = (method: string, url: string, options: { payload?: unknown; raw?: string; signedIn?: boolean } = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: {
        origin: TEST_ORIGIN,
        ...(options.signedIn === false || url.startsWith('/api/auth/') ? {} : { cookie }),
        ...(options.payload !== undefined || options.raw !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.raw !== undefined
        ? { payload: options.raw }
        : options.payload !== undefined
          ? { payload: JSON.stringify(options.payload) }
          : {}),
    });

  it('lists the routes of the contract, the auth routes among them', () => {
    expect(ops.length).toBeGreaterThan(20);
    expect(ops.some((op) => op.path === '/api/auth/sign-in/email')).toBe(true);
  });

  it('answers bad path ids with 4xx and the JSON error shape, signed in and out', async () => {
    for (const op of ops.filter((candidate) => candidate.path.includes('{'))) {
      for (const id of BAD_IDS) {
        for (const signedIn of [true, false]) {
          const url = fillPath(op.path, id);
          const response = await send(op.method, url, { signedIn, ...(op.bodyFields.length ? { payload: {} } : {}) });
          expectClientError(response, `${op.method} ${url.slice(0, 80)} signedIn=${signedIn}`);
        }
      }
    }
  });

  it('answers bad query values with 4xx and the JSON error shape', async () => {
    for (const op of ops) {
      for (const param of op.params.filter((p) => p.in === 'query')) {
        for (const value of [...BAD_QUERY_VALUES, ...(param.name === 'cursor' ? BAD_CURSORS : [])]) {
          const url = `${fillPath(op.path, SAMPLE_ID)}?${param.name}=${value}`;
          const response = await send(op.method, url);
          expectClientError(response, `${op.method} ${url.slice(0, 100)}`);
        }
      }
    }
  });

  it('answers bad body fields with 4xx and the JSON error shape', async () => {
    for (const op of ops.filter((candidate) => candidate.bodyFields.length > 0)) {
      const url = fillPath(op.path, SAMPLE_ID);
      for (const field of op.bodyFields) {
        for (const value of BAD_VALUES) {
          const response = await send(op.method, url, { payload: { [field]: value } });
          expectClientError(response, `${op.method} ${url} {${field}: ${JSON.stringify(value)?.slice(0, 40)}}`);
        }
      }
      for (const raw of [
        '[]',
        '"text"',
        'null',
        '12',
        '{',
        '{"a":',
        `{"x":"${MEGABYTE}"}`,
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
        DEEP_OBJECT,
      ]) {
        const response = await send(op.method, url, { raw });
        expectClientError(response, `${op.method} ${url} raw ${raw.slice(0, 20)}`);
      }
    }
  });

  it('refuses NUL characters wherever people type text', async () => {
    const cases: Array<[string, string, unknown]> = [
      ['PATCH', '/api/me', { displayName: `Anna${NUL}` }],
      ['PATCH', '/api/me', { goals: [`Pray ${NUL}`] }],
      ['POST', '/api/create-affirmation', { topic: 'faith', experience: 'prayer', description: `peace${NUL}` }],
      ['POST', '/api/create-affirmation', { topic: 'faith', experience: 'prayer', description: 'peace', userGoals: [NUL] }],
      ['POST', '/api/create-personalized-journey', { journeyType: 'ancestors', input: `Rosa${NUL}`, language: 'en' }],
      ['POST', '/api/analytics/events', { name: 'screen_view', params: { screen_name: `/x${NUL}` } }],
    ];
    for (const [method, url, payload] of cases) {
      for (const signedIn of [true, false]) {
        const response = await send(method, url, { payload, signedIn });
        expectClientError(response, `${method} ${url} ${JSON.stringify(payload)}`);
        if (signedIn) expect(response.statusCode, `${method} ${url}`).toBe(400);
      }
    }
    expectClientError(await send('GET', '/api/search?q=a%00b'), 'search with NUL');
    expect((await send('GET', '/api/search?q=a%00b')).statusCode).toBe(400);
    // Nothing of it was stored.
    const me = await send('GET', '/api/me');
    expect(me.body).not.toContain('\\u0000');
  });

  it('answers the auth routes the same way: NUL tokens, huge and odd names, odd bodies', async () => {
    const auth: Array<[string, unknown]> = [
      ['/api/auth/reset-password', { token: `abc${NUL}`, newPassword: 'a fine new password' }],
      ['/api/auth/reset-password', { token: 'x'.repeat(10_000), newPassword: 'a fine new password' }],
      ['/api/auth/sign-up/email', { email: 'long-name@example.com', password: 'correct horse 1', name: 'n'.repeat(10_000) }],
      ['/api/auth/sign-up/email', { email: 'ctl-name@example.com', password: 'correct horse 1', name: 'Anna\u0007\u001b[31m' }],
      ['/api/auth/sign-up/email', { email: `nul${NUL}@example.com`, password: 'correct horse 1', name: '' }],
      ['/api/auth/sign-up/email', { email: 12, password: [], name: {} }],
      ['/api/auth/sign-in/email', { email: `a${NUL}@example.com`, password: 'x' }],
      ['/api/auth/sign-in/email', { email: 'a@example.com', password: MEGABYTE.slice(0, 60_000) }],
      ['/api/auth/request-password-reset', { email: NUL, redirectTo: '/login' }],
    ];
    for (const [url, payload] of auth) {
      const response = await send('POST', url, { payload, signedIn: false });
      expectClientError(response, `POST ${url} ${JSON.stringify(payload).slice(0, 80)}`);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
    }
    expectClientError(
      await send('GET', '/api/auth/reset-password/abc%00def?callbackURL=/login', { signedIn: false }),
      'reset link with NUL',
    );
    expectClientError(await send('GET', `/api/auth/${'x'.repeat(5000)}`, { signedIn: false }), 'long auth path');
  });

  it('refuses a body nested 5,000 levels deep on every auth route with 400', async () => {
    for (const url of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset', '/api/auth/sign-out']) {
      const response = await send('POST', url, { raw: DEEP_OBJECT, signedIn: false });
      expectClientError(response, `POST ${url} deep`);
      expect(response.statusCode, url).toBe(400);
      const nested = `{"email":"deep@example.com","password":"correct horse 1","x":${DEEP_OBJECT}}`;
      expect((await send('POST', url, { raw: nested, signedIn: false })).statusCode, `${url} nested field`).toBe(400);
    }
  });

  it("gives Fastify's own refusals (bad URL encoding, a 5,000-character id) the JSON error shape", async () => {
    for (const url of [
      '/api/records/%ZZ',
      `/api/records/${'a'.repeat(5000)}`,
      '/api/journeys/%E0%A4%A',
      `/api/personalized-journeys/${'1'.repeat(5000)}`,
    ]) {
      const response = await send('GET', url);
      expectClientError(response, url.slice(0, 60));
      expect(response.statusCode, url.slice(0, 60)).toBeGreaterThanOrEqual(400);
    }
  });

  it('answers the hidden routes (locales, media, health) to bad input below 500', async () => {
    for (const url of [
      '/locales/%00/common.json',
      '/locales/en/%ZZ.json',
      `/locales/en/${'x'.repeat(5000)}.json`,
      '/locales/../../etc/passwd',
      '/media/%00',
      '/media/..%2F..%2Fetc%2Fpasswd',
      `/media/${'x'.repeat(5000)}.mp3`,
      '/health?%ZZ',
    ]) {
      const response = await send('GET', url, { signedIn: false });
      expect(response.statusCode, `${url.slice(0, 60)}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});
