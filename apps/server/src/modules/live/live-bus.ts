import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** What changed, for whom. Listeners load the current state themselves, so notifications stay small. */
export interface LiveChange {
  userId: string;
  kind: 'record' | 'personalized-journey';
  id: string;
}

export interface LiveBus {
  publish(change: LiveChange): Promise<void>;
  /** Calls the listener with every change of this user's data; returns the unsubscribe function. */
  subscribe(userId: string, listener: (change: LiveChange) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'selah_live';

function isLiveChange(value: unknown): value is LiveChange {
  const v = value as Partial<LiveChange> | null;
  return typeof v?.userId === 'string' && typeof v.id === 'string' && (v.kind === 'record' || v.kind === 'personalized-journey');
}

function localEmitter() {
  const emitter = new EventEmitter();
  // One listener per open event stream: many users may be connected.
  emitter.setMaxListeners(0);
  return {
    emit: (change: LiveChange) => void emitter.emit(change.userId, change),
    subscribe(userId: string, listener: (change: LiveChange) => void) {
      emitter.on(userId, listener);
      return () => void emitter.off(userId, listener);
    },
  };
}

/** One process (the embedded default): changes go straight to this process's listeners. */
export function createLocalLiveBus(): LiveBus {
  const local = localEmitter();
  return {
    publish: async (change) => local.emit(change),
    subscribe: local.subscribe,
    close: async () => undefined,
  };
}

/**
 * Several processes on PostgreSQL: a change is a NOTIFY on one channel, and every process LISTENs on a
 * connection of its own, so a worker's progress reaches the API process that holds the user's stream.
 */
export async function createPostgresLiveBus(url: string, logger: FastifyBaseLogger): Promise<LiveBus> {
  const local = localEmitter();
  const publisher = new pg.Pool({ connectionString: url, max: 2 });
  // An idle connection the server closed is replaced on the next publish; it must not crash the process.
  publisher.on('error', (error) => logger.warn({ err: error }, 'live publisher connection lost'));
  let closed = false;
  let listener: pg.Client | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      try {
        const change: unknown = JSON.parse(message.payload ?? '');
        if (isLiveChange(change)) local.emit(change);
      } catch (error) {
        logger.warn({ err: error }, 'ignored a malformed live notification');
      }
    });
    client.on('error', (error) => {
      logger.warn({ err: error }, 'live notification connection lost; reconnecting');
      listener = undefined;
      void client.end().catch(() => undefined);
      if (!closed) setTimeout(() => void connect().catch((e: unknown) => logger.error({ err: e }, 'live reconnect failed')), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };
  await connect();

  return {
    async publish(change) {
      await publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(change)]);
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      await listener?.end().catch(() => undefined);
      await publisher.end();
    },
  };
}
