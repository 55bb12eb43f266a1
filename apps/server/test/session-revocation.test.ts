// Sessions are answered from each process's memory (session-reader.ts, decision 027). A session that ends is
// refused on the very next request, on the process that ended it and on every other: signing out, a password
// reset, deleting the account, and a row removed behind the app's back.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpApp } from '../src/app';
import { credentialsOf } from '../src/modules/auth/session-reader';
import { openDatabase } from '../src/platform/db/client';
import { createServices, type Services } from '../src/services';
import { createTestApp, expectApiError, registerUser, sessionCookie, signIn, signOut, TEST_ORIGIN, type TestApp } from './helpers';

const me = (app: FastifyInstance, cookie: string) => app.inject({ url: '/api/me', headers: { cookie } });
const bearerMe = (app: FastifyInstance, token: string) => app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });

describe('a revoked session is refused at once', () => {
  let t: TestApp;
  /** The processes that serve the app: two API processes on one PostgreSQL database, or PGlite's only one. */
  let processes: FastifyInstance[];
  let second: { app: FastifyInstance; services: Services; close(): Promise<void> } | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    processes = [t.app];
    if (t.database.url) {
      // Another API process: its own pool, its own listener, the same database.
      const database = await openDatabase({ url: t.database.url, poolSize: 2 });
      const services = await createServices({ config: t.config, database, logger: false, mailer: { send: async () => undefined } });
      const app = await buildHttpApp(services);
      await app.ready();
      second = {
        app,
        services,
        close: async () => {
          await app.close();
          await database.close();
        },
      };
      processes.push(app);
    }
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  /** Every process has checked (and keeps) this session: what follows is answered from memory unless told. */
  async function warm(cookie: string) {
    for (const app of processes) for (let i = 0; i < 2; i += 1) expect((await me(app, cookie)).statusCode).toBe(200);
  }

  it('answers a known session from memory: a second read does not reach the database', async () => {
    const { cookie } = await registerUser(t.app, 'cached@example.com');
    await warm(cookie);
    const before = t.services.sessions.size;
    const original = t.services.auth.api.getSession;
    let asked = 0;
    t.services.auth.api.getSession = ((...args: Parameters<typeof original>) => {
      asked += 1;
      return original(...args);
    }) as typeof original;
    try {
      for (let i = 0; i < 5; i += 1) expect((await me(t.app, cookie)).statusCode).toBe(200);
    } finally {
      t.services.auth.api.getSession = original;
    }
    expect(asked).toBe(0);
    expect(t.services.sessions.size).toBe(before);
  });

  it('refuses a signed-out session on every process, and keeps the person’s other session', async () => {
    const email = 'two-devices@example.com';
    const { cookie: phone } = await registerUser(t.app, email);
    const laptop = sessionCookie(await signIn(t.app, email, 'correct horse 1'));
    await warm(phone);
    await warm(laptop);

    // Signed out on the last process; every process refuses it on the next request.
    expect((await signOut(processes.at(-1)!, phone)).statusCode).toBe(200);
    for (const app of processes) expectApiError(await me(app, phone), 401, 'UNAUTHORIZED');
    for (const app of processes) expect((await me(app, laptop)).statusCode).toBe(200);
  });

  it('refuses every session from before a password reset', async () => {
    const email = 'reset-everywhere@example.com';
    const { cookie: first } = await registerUser(t.app, email, 'old password 1');
    const other = sessionCookie(await signIn(t.app, email, 'old password 1'));
    await warm(first);
    await warm(other);

    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(requested.statusCode).toBe(200);
    const link = t.outbox.filter((message) => message.to === email).at(-1)?.link;
    expect(link).toBeDefined();
    const token = new URL(link!).pathname.split('/').pop()!;
    const reset = await processes.at(-1)!.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { newPassword: 'new password 2', token },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    for (const app of processes) {
      expectApiError(await me(app, first), 401, 'UNAUTHORIZED');
      expectApiError(await me(app, other), 401, 'UNAUTHORIZED');
    }
  });

  it('refuses the sessions of a deleted account, the native shell’s bearer token too', async () => {
    const email = 'leaving@example.com';
    const { cookie } = await registerUser(t.app, email);
    const native = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'capacitor://localhost' },
      payload: { email, password: 'correct horse 1' },
    });
    const token = native.headers['set-auth-token'] as string;
    expect(token).toBeTruthy();
    await warm(cookie);
    for (const app of processes) expect((await bearerMe(app, token)).statusCode).toBe(200);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { password: 'correct horse 1' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const app of processes) {
      expectApiError(await me(app, cookie), 401, 'UNAUTHORIZED');
      expectApiError(await bearerMe(app, token), 401, 'UNAUTHORIZED');
    }
  });

  it('refuses a session removed in the database directly (an operator, an expiry sweep)', async () => {
    const { id, cookie } = await registerUser(t.app, 'swept@example.com');
    await warm(cookie);
    await t.database.query('DELETE FROM "session" WHERE user_id = $1', [id]);
    // The notice travels from the database to each process; a request that made no change waits for nothing,
    // so this waits for the event itself: each process's next read of the channel.
    for (const app of processes) {
      await expect.poll(async () => (await me(app, cookie)).statusCode).toBe(401);
    }
  });

  it('forgets a session on every process when its account’s email or name changes', async () => {
    const { id, cookie } = await registerUser(t.app, 'renamed@example.com');
    await warm(cookie);
    const credentials = credentialsOf({ headers: { cookie } })!;
    const everyReader = [t.services.sessions, ...(second ? [second.services.sessions] : [])];
    for (const reader of everyReader) expect(reader.cached(credentials)?.email).toBe('renamed@example.com');
    await t.database.query(`UPDATE "user" SET email = 'renamed-new@example.com' WHERE id = $1`, [id]);
    for (const reader of everyReader) await expect.poll(() => reader.cached(credentials)).toBeUndefined();
    for (const app of processes) expect((await me(app, cookie)).statusCode).toBe(200);
    for (const reader of everyReader) expect(reader.cached(credentials)?.email).toBe('renamed-new@example.com');
  });
});
