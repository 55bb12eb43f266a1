import type { FastifyRequest } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { ListenHandlers } from '../../platform/db/notifications';
import type { Auth } from './auth';
import { createSessionReader, credentialsOf } from './session-reader';

/** better-auth stand-in: answers from a table of tokens, counting the reads; a notices channel we drive. */
async function setup(options: { ttlMs?: number } = {}) {
  let handlers: ListenHandlers | undefined;
  const state = { connected: true, reads: 0, now: 1_000_000 };
  const sessions = new Map<string, { id: string; userId: string; email: string; expiresAt: number }>();
  let during: (() => void) | undefined;
  const auth = {
    api: {
      getSession: async ({ headers }: { headers: Headers }) => {
        state.reads += 1;
        during?.();
        const token = /selah\.session_token=([^;]*)/.exec(headers.get('cookie') ?? '')?.[1] ?? '';
        const found = sessions.get(token);
        return found
          ? { user: { id: found.userId, email: found.email, name: '' }, session: { id: found.id, expiresAt: new Date(found.expiresAt) } }
          : null;
      },
    },
  } as unknown as Auth;
  const reader = await createSessionReader({
    auth,
    logger: pino({ level: 'silent' }),
    now: () => state.now,
    ttlMs: options.ttlMs ?? 60_000,
    database: {
      listen: async (_channel, given) => {
        handlers = given;
        return {
          get connected() {
            return state.connected;
          },
          caughtUp: async () => undefined,
          close: async () => undefined,
        };
      },
    },
  });
  const request = (cookie: string) => ({ headers: { cookie } }) as unknown as FastifyRequest;
  const read = async (cookie: string) => {
    const key = credentialsOf(request(cookie))!;
    return reader.cached(key) ?? (await reader.read(request(cookie), key));
  };
  return {
    state,
    sessions,
    reader,
    read,
    notify: (payload: string) => handlers!.message(payload),
    resumed: () => handlers!.resumed(),
    whileReading: (work: () => void) => (during = work),
  };
}

describe('credentialsOf', () => {
  const of = (headers: Record<string, string>) => credentialsOf({ headers } as never);

  it('keys a request by its bearer token and better-auth’s cookies only', () => {
    expect(of({})).toBeNull();
    expect(of({ cookie: 'theme=dark' })).toBeNull();
    const key = of({ cookie: 'selah.session_token=abc.sig' });
    expect(of({ cookie: 'a=1; selah.session_token=abc.sig; b=2' })).toBe(key);
    expect(of({ cookie: 'selah.session_token=other.sig' })).not.toBe(key);
    expect(of({ cookie: '__Secure-selah.session_token=abc.sig' })).not.toBe(key);
    expect(of({ cookie: 'xselah.session_token=abc.sig' })).not.toBe(key);
    expect(of({ authorization: 'Bearer abc' })).not.toBe(of({ authorization: 'Bearer abd' }));
  });
});

describe('the session reader', () => {
  it('asks once, then answers from memory until the session’s notice', async () => {
    const t = await setup();
    t.sessions.set('abc', { id: 's1', userId: 'u1', email: 'a@example.com', expiresAt: t.state.now + 3_600_000 });
    expect(await t.read('selah.session_token=abc')).toMatchObject({ id: 'u1' });
    expect(await t.read('other=1; selah.session_token=abc')).toMatchObject({ id: 'u1' });
    expect(t.state.reads).toBe(1);
    t.sessions.delete('abc');
    t.notify('s:s1');
    expect(await t.read('selah.session_token=abc')).toBeNull();
    expect(t.state.reads).toBe(2);
  });

  it('forgets every session of a user on the user’s notice, and everything on an unknown one or a reconnect', async () => {
    const t = await setup();
    t.sessions.set('a', { id: 's1', userId: 'u1', email: 'a@example.com', expiresAt: t.state.now + 3_600_000 });
    t.sessions.set('b', { id: 's2', userId: 'u1', email: 'a@example.com', expiresAt: t.state.now + 3_600_000 });
    t.sessions.set('c', { id: 's3', userId: 'u2', email: 'c@example.com', expiresAt: t.state.now + 3_600_000 });
    for (const token of ['a', 'b', 'c']) await t.read(`selah.session_token=${token}`);
    expect(t.reader.size).toBe(3);
    t.notify('u:u1');
    expect(t.reader.size).toBe(1);
    t.notify('something else');
    expect(t.reader.size).toBe(0);
    await t.read('selah.session_token=c');
    t.resumed();
    expect(t.reader.size).toBe(0);
  });

  it('keeps nothing read while a notice arrived, nor while the channel is down', async () => {
    const t = await setup();
    t.sessions.set('abc', { id: 's1', userId: 'u1', email: 'a@example.com', expiresAt: t.state.now + 3_600_000 });
    t.whileReading(() => t.notify('s:s-of-someone-else'));
    await t.read('selah.session_token=abc');
    expect(t.reader.size).toBe(0);
    t.whileReading(() => undefined);
    t.state.connected = false;
    await t.read('selah.session_token=abc');
    await t.read('selah.session_token=abc');
    expect(t.state.reads).toBe(3);
    expect(t.reader.size).toBe(0);
  });

  it('answers from memory no longer than its time to live, nor past the session’s end', async () => {
    const t = await setup({ ttlMs: 60_000 });
    t.sessions.set('long', { id: 's1', userId: 'u1', email: 'a@example.com', expiresAt: t.state.now + 3_600_000 });
    t.sessions.set('ending', { id: 's2', userId: 'u2', email: 'b@example.com', expiresAt: t.state.now + 10_000 });
    await t.read('selah.session_token=long');
    await t.read('selah.session_token=ending');
    t.state.now += 11_000;
    t.sessions.delete('ending');
    expect(await t.read('selah.session_token=ending')).toBeNull();
    expect(await t.read('selah.session_token=long')).toMatchObject({ id: 'u1' });
    expect(t.state.reads).toBe(3);
    t.state.now += 60_000;
    await t.read('selah.session_token=long');
    expect(t.state.reads).toBe(4);
  });

  it('never keeps credentials longer than a kilobyte', async () => {
    const t = await setup();
    const token = 'x'.repeat(2000);
    t.sessions.set(token, { id: 's1', userId: 'u1', email: 'a@example.com', expiresAt: t.state.now + 3_600_000 });
    await t.read(`selah.session_token=${token}`);
    await t.read(`selah.session_token=${token}`);
    expect(t.state.reads).toBe(2);
    expect(t.reader.size).toBe(0);
  });
});
