// Issue 34, item 1: an open event stream ends at once when its session ends (sign-out, password reset, account
// deletion, expiry), on every API process; and one person holds a bounded number of open streams.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpApp } from '../src/app';
import { openDatabase } from '../src/platform/db/client';
import { createServices } from '../src/services';
import { createTestApp, registerUser, sessionCookie, signIn, signOut, TEST_ORIGIN, type TestApp } from './helpers';

/** An open stream, and whether (and when) the server ended it. */
async function openStream(address: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${address}/api/events`, { headers: { cookie }, signal: controller.signal });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  let text = '';
  let ended = false;
  const decoder = new TextDecoder();
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      ended = true;
    } catch {
      // aborted by the test
    }
  })();
  return {
    get ended() {
      return ended;
    },
    get text() {
      return text;
    },
    /** Waits for the server to end the stream (the event itself, not a sleep). */
    async endedByServer() {
      await expect.poll(() => ended, { timeout: 15_000, interval: 25 }).toBe(true);
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

describe('an event stream ends with its session', () => {
  let t: TestApp;
  /** The API processes: the test app, and on PostgreSQL a second process on the same database. */
  const addresses: string[] = [];
  const apps: FastifyInstance[] = [];
  let closeSecond: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    apps.push(t.app);
    addresses.push(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    if (t.database.url) {
      const database = await openDatabase({ url: t.database.url, poolSize: 2 });
      const services = await createServices({ config: t.config, database, logger: false, mailer: { send: async () => undefined } });
      const app = await buildHttpApp(services);
      addresses.push(await app.listen({ port: 0, host: '127.0.0.1' }));
      apps.push(app);
      closeSecond = async () => {
        await app.close();
        await database.close();
      };
    }
  });
  afterAll(async () => {
    await closeSecond?.();
    await t?.close();
  });

  /** The stream is held by the first process; the session is ended on the last (the other one on PostgreSQL). */
  const holder = () => addresses[0]!;
  const ender = () => apps.at(-1)!;

  it('ends on sign-out, and the person’s stream on another device stays open', async () => {
    const email = 'stream-sign-out@example.com';
    const { cookie } = await registerUser(t.app, email);
    const other = sessionCookie(await signIn(t.app, email, 'correct horse 1'));
    const stream = await openStream(holder(), cookie);
    const otherStream = await openStream(holder(), other);
    expect((await signOut(ender(), cookie)).statusCode).toBe(200);
    await stream.endedByServer();
    // A reconnection is refused: the browser's EventSource stops there.
    expect((await fetch(`${holder()}/api/events`, { headers: { cookie } })).status).toBe(401);
    expect(otherStream.ended).toBe(false);
    await otherStream.close();
  });

  it('ends on a password reset', async () => {
    const email = 'stream-reset@example.com';
    const { cookie } = await registerUser(t.app, email, 'old password 1');
    const stream = await openStream(holder(), cookie);
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(requested.statusCode).toBe(200);
    await expect.poll(() => t.outbox.some((message) => message.to === email)).toBe(true);
    const link = t.outbox.filter((message) => message.to === email).at(-1)!.link!;
    const token = new URL(link).pathname.split('/').pop()!;
    const reset = await ender().inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { newPassword: 'new password 2', token },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await stream.endedByServer();
  });

  it('ends when the account is deleted', async () => {
    const { cookie } = await registerUser(t.app, 'stream-deleted@example.com');
    const stream = await openStream(holder(), cookie);
    const deleted = await ender().inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { password: 'correct horse 1' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await stream.endedByServer();
  });

  it('ends when the session expires', async () => {
    const { id, cookie } = await registerUser(t.app, 'stream-expired@example.com');
    const stream = await openStream(holder(), cookie);
    // The session's end moves to a moment from now (as a sweep or an operator would): the stream ends then.
    await t.database.query(`UPDATE "session" SET expires_at = now() + interval '300 milliseconds' WHERE user_id = $1`, [id]);
    await stream.endedByServer();
  });

  it('keeps at most the configured number of streams per person, closing the oldest first', async () => {
    const { cookie } = await registerUser(t.app, 'stream-many@example.com');
    const max = t.config.liveStreamsPerPerson;
    const streams = [];
    for (let i = 0; i < max; i += 1) streams.push(await openStream(holder(), cookie));
    const newest = await openStream(holder(), cookie);
    await streams[0]!.endedByServer();
    // Told why, so the page does not reconnect and close another.
    expect(streams[0]!.text).toContain('event: replaced\n');
    expect(streams.slice(1).some((stream) => stream.ended)).toBe(false);
    expect(newest.ended).toBe(false);
    for (const stream of [...streams, newest]) await stream.close();
  });
});
