import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** A channel's notifications (LISTEN), with word of when some may have been missed. */
export interface Listening {
  /**
   * False while the connection is lost (notifications sent meanwhile never arrive). Whoever trusts what the
   * channel would have told must not trust it now.
   */
  readonly connected: boolean;
  /**
   * Resolves once every notification committed before this call has reached this process (a notice of our own,
   * sent now, came back; PostgreSQL delivers a channel's notices in commit order). At most `timeoutMs`.
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

/** Every process LISTENs here too: a notice of its own on it marks how far the connection has read. */
const BARRIER_CHANNEL = 'selah_barrier';

/** PGlite: one process, and a notice reaches its listener before the statement that sent it returns. */
export async function listenPglite(client: PGlite, channel: string, handlers: ListenHandlers): Promise<Listening> {
  const unlisten = await client.listen(channel, (payload) => handlers.message(payload));
  return { connected: true, caughtUp: async () => undefined, close: () => unlisten() };
}

/**
 * PostgreSQL: one connection per process LISTENs on every channel (so a process hears all notices in commit
 * order, whatever their channel: the sessions' and a person's data before the live event that followed them),
 * reconnecting every second after a loss.
 */
export function postgresNotifications(url: string) {
  const channels = new Map<string, Set<ListenHandlers>>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let connected = false;
  let closed = false;
  let everConnected = false;
  let barrierNumber = 0;
  const waiting = new Map<string, () => void>();
  const everyHandler = () => [...channels.values()].flatMap((set) => [...set]);
  const warn = (error: unknown, message: string) => everyHandler()[0]?.warn(error, message);

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (message.channel === BARRIER_CHANNEL) {
        waiting.get(payload)?.();
        waiting.delete(payload);
        return;
      }
      for (const handlers of channels.get(message.channel) ?? []) handlers.message(payload);
    });
    next.on('error', (error) => {
      warn(error, 'notifications: connection lost; reconnecting');
      connected = false;
      client = undefined;
      void next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void reconnect(), 1000);
    });
    await next.connect();
    for (const channel of [BARRIER_CHANNEL, ...channels.keys()]) await next.query(`LISTEN ${channel}`);
    client = next;
    connected = true;
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
    get connected() {
      return connected;
    },
    async caughtUp(timeoutMs = 1000) {
      const current = client;
      if (!current || !connected) return;
      barrierNumber += 1;
      const payload = `${process.pid}:${barrierNumber}`;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arrived = new Promise<void>((resolve) => {
        waiting.set(payload, resolve);
        timer = setTimeout(resolve, timeoutMs);
      });
      try {
        await current.query('SELECT pg_notify($1, $2)', [BARRIER_CHANNEL, payload]);
        await arrived;
      } catch (error) {
        warn(error, 'notifications: could not wait for the channel');
      } finally {
        clearTimeout(timer);
        waiting.delete(payload);
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
        if (isNew && client) await client.query(`LISTEN ${channel}`);
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
          await client?.end().catch(() => undefined);
          client = undefined;
        },
      };
    },
  };
}
