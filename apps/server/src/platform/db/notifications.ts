import type { PGlite } from '@electric-sql/pglite';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** A channel's notifications (LISTEN), with word of when some may have been missed. */
export interface Listening {
  /**
   * False while the connection is lost (notifications sent meanwhile never arrive). Whoever trusts what the
   * channel would have told must not trust it now.
   */
  readonly connected: boolean;
  /**
   * Resolves once every notification committed before this call has been handled by this process and by every
   * other live one (each acknowledges a barrier notice; PostgreSQL delivers notices in commit order), or once
   * no process that missed one can still answer from memory (`connected` turned false there). Bounded.
   */
  caughtUp(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  message(payload: string): void;
  /** The connection was lost and has come back: notices of the meantime are gone. */
  resumed(): void;
  warn(error: unknown, message: string): void;
}

/**
 * Every process LISTENs here too, and says on it (NOTIFY, delivered to every listener in commit order):
 * - `p:<process>:<sent at>` four times a second: "I am here", and, once heard back, how far its own connection
 *   has read (a process whose last ping sent under FRESH_MS ago has come back has heard everything committed
 *   before that ping);
 * - `b:<process>:<n>`: a barrier, after a change that other processes must hear of before we answer;
 * - `a:<process>:<n>:<acknowledging process>`: "I have heard your barrier n, and so everything before it".
 */
const BARRIER_CHANNEL = 'selah_barrier';
const PING_MS = 250;
/** A process answers from what the channel told only while its own ping sent this recently has come back. */
export const FRESH_MS = 1000;
/**
 * A barrier waits for every process heard from in the last FRESH_MS, at most this long. Past it, any process
 * still fresh has heard a ping sent after the change, so the change too (commit order): no process that missed
 * it can answer from memory.
 */
const BARRIER_MS = 1500;

/** PGlite: one process, and a notice reaches its listener before the statement that sent it returns. */
export async function listenPglite(client: PGlite, channel: string, handlers: ListenHandlers): Promise<Listening> {
  const unlisten = await client.listen(channel, (payload) => handlers.message(payload));
  return { connected: true, caughtUp: async () => undefined, close: () => unlisten() };
}

/**
 * PostgreSQL: one connection per process LISTENs on every channel (so a process hears all notices in commit
 * order, whatever their channel: the sessions' and a person's data before the live event that followed them),
 * reconnecting every second after a loss. `caughtUp` is the barrier of every live process (decision 027).
 */
export function postgresNotifications(url: string, options: { now?: () => number } = {}) {
  const now = options.now ?? (() => performance.now());
  const me = randomUUID();
  const channels = new Map<string, Set<ListenHandlers>>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let connected = false;
  let closed = false;
  let everConnected = false;
  let barrierNumber = 0;
  /** When our latest ping that came back was sent (our clock). */
  let freshSince = -Infinity;
  /** Other processes, by when we last heard them (our clock). */
  const peers = new Map<string, number>();
  /** Our barriers in flight: who has acknowledged, and what to call when one more does. */
  const barriers = new Map<number, { acks: Set<string>; changed: () => void }>();
  let pinger: ReturnType<typeof setInterval> | undefined;
  const everyHandler = () => [...channels.values()].flatMap((set) => [...set]);
  const warn = (error: unknown, message: string) => everyHandler()[0]?.warn(error, message);
  /** The connection's statements, one after another (pg wants no overlapping queries on one client). */
  let queue: Promise<unknown> = Promise.resolve();
  const run = (current: pg.Client, text: string, values?: string[]): Promise<unknown> => {
    const result = queue.then(() => current.query(text, values));
    queue = result.catch(() => undefined);
    return result;
  };
  const say = (payload: string) => {
    const current = client;
    if (!current || !connected) return;
    run(current, 'SELECT pg_notify($1, $2)', [BARRIER_CHANNEL, payload]).catch(() => undefined);
  };

  const onBarrierChannel = (payload: string) => {
    const [kind, from, number, by] = payload.split(':');
    if (!from) return;
    if (kind === 'p') {
      if (from === me) freshSince = Math.max(freshSince, Number(number));
      else peers.set(from, now());
    } else if (kind === 'b') {
      if (from !== me) peers.set(from, now());
      // Handlers run as each notice arrives: whatever was committed before this barrier has been handled here.
      say(`a:${from}:${number}:${me}`);
    } else if (kind === 'a' && from === me && by) {
      const barrier = barriers.get(Number(number));
      barrier?.acks.add(by);
      barrier?.changed();
    }
  };

  const connect = async (): Promise<void> => {
    // Named, so an operator (or a test) finds each process's listening connection in pg_stat_activity.
    const next = new pg.Client({ connectionString: url, application_name: `selah notifications ${process.pid}` });
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (message.channel === BARRIER_CHANNEL) return onBarrierChannel(payload);
      for (const handlers of channels.get(message.channel) ?? []) handlers.message(payload);
    });
    next.on('error', (error) => {
      warn(error, 'notifications: connection lost; reconnecting');
      connected = false;
      freshSince = -Infinity;
      client = undefined;
      void next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void reconnect(), 1000);
    });
    await next.connect();
    for (const channel of [BARRIER_CHANNEL, ...channels.keys()]) await next.query(`LISTEN ${channel}`);
    client = next;
    connected = true;
    pinger ??= setInterval(() => {
      say(`p:${me}:${now()}`);
      for (const [peer, seen] of peers) if (now() - seen > 60_000) peers.delete(peer);
    }, PING_MS);
    pinger.unref();
    say(`p:${me}:${now()}`);
    if (everConnected) for (const handlers of everyHandler()) handlers.resumed();
    everConnected = true;
  };
  const reconnect = async (): Promise<void> => {
    try {
      await connect();
    } catch (error) {
      warn(error, 'notifications: reconnect failed; trying again');
      if (!closed) setTimeout(() => void reconnect(), 1000);
    }
  };

  const listening: Omit<Listening, 'close'> = {
    /** Connected, and this process's own connection is not behind (its recent ping has come back). */
    get connected() {
      return connected && now() - freshSince < FRESH_MS;
    },
    async caughtUp(timeoutMs = BARRIER_MS) {
      barrierNumber += 1;
      const number = barrierNumber;
      const current = client;
      const barrier = { acks: new Set<string>(), changed: () => undefined as void };
      barriers.set(number, barrier);
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        const everyone = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
          barrier.changed = () => {
            // Our own acknowledgement is back (so we have heard every ping committed before the change), and so
            // is that of every process heard from in the last FRESH_MS: only those can still be fresh.
            if (!barrier.acks.has(me)) return;
            const at = now();
            for (const [peer, seen] of peers) if (at - seen < FRESH_MS && !barrier.acks.has(peer)) return;
            resolve();
          };
        });
        if (!current || !connected) {
          // No barrier to send: wait out the time after which no process can still answer from before the change.
          await everyone;
          return;
        }
        await run(current, 'SELECT pg_notify($1, $2)', [BARRIER_CHANNEL, `b:${me}:${number}`]);
        await everyone;
      } catch (error) {
        warn(error, 'notifications: could not wait for the other processes');
      } finally {
        clearTimeout(timer);
        barriers.delete(number);
      }
    },
  };

  return {
    async listen(channel: string, handlers: ListenHandlers): Promise<Listening> {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
      const isNew = !channels.has(channel);
      if (isNew) channels.set(channel, new Set());
      channels.get(channel)!.add(handlers);
      if (!client && !connecting) {
        closed = false;
        connecting = connect().finally(() => (connecting = undefined));
        await connecting;
      } else {
        await connecting;
        if (isNew && client) await run(client, `LISTEN ${channel}`);
      }
      return {
        get connected() {
          return listening.connected;
        },
        caughtUp: (timeoutMs) => listening.caughtUp(timeoutMs),
        async close() {
          channels.get(channel)?.delete(handlers);
          if (everyHandler().length > 0) return;
          closed = true;
          connected = false;
          clearInterval(pinger);
          pinger = undefined;
          await client?.end().catch(() => undefined);
          client = undefined;
        },
      };
    },
  };
}
