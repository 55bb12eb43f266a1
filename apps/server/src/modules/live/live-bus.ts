import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../platform/db/client';

/** What changed, for whom. Listeners load the current state themselves, so notifications stay small. */
export interface LiveChange {
  userId: string;
  kind: 'record' | 'personalized-journey';
  id: string;
  /** The change's number (live_events), given by publish: the event's id on the stream. */
  seq?: number;
}

export interface LiveBus {
  publish(change: LiveChange): Promise<void>;
  /** Calls the listener with every change of this user's data; returns the unsubscribe function. */
  subscribe(userId: string, listener: (change: LiveChange) => void): () => void;
  /**
   * The changes of this user after `afterSeq`, the latest of each record or journey once, oldest first: what a
   * stream that reconnects catches up with (the listener loads their current state).
   */
  changesSince(userId: string, afterSeq: number): Promise<LiveChange[]>;
  /** The number of this user's newest change (0 when none is kept). */
  latestSeq(userId: string): Promise<number>;
  /** Calls the listener after the bus's own connection came back (changes meanwhile may have been missed). */
  onReconnect(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Changes are kept this long for streams that reconnect. */
const KEEP_HOURS = 24;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

type Query = (sqlText: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Numbers a change (live_events) and answers it with its number. */
async function numbered(query: Query, change: LiveChange): Promise<LiveChange> {
  const { rows } = await query('INSERT INTO live_events (user_id, kind, entity_id) VALUES ($1, $2, $3) RETURNING seq', [
    change.userId,
    change.kind,
    change.id,
  ]);
  return { ...change, seq: Number(rows[0]?.seq) };
}

async function changesSince(query: Query, userId: string, afterSeq: number): Promise<LiveChange[]> {
  const { rows } = await query(
    `SELECT kind, entity_id, max(seq) AS seq FROM live_events WHERE user_id = $1 AND seq > $2
     GROUP BY kind, entity_id ORDER BY max(seq) LIMIT 500`,
    [userId, afterSeq],
  );
  return rows.map((row) => ({ userId, kind: row.kind as LiveChange['kind'], id: String(row.entity_id), seq: Number(row.seq) }));
}

async function latestSeq(query: Query, userId: string): Promise<number> {
  const { rows } = await query('SELECT coalesce(max(seq), 0) AS seq FROM live_events WHERE user_id = $1', [userId]);
  return Number(rows[0]?.seq ?? 0);
}

function pruneEveryHour(query: Query, logger: FastifyBaseLogger): ReturnType<typeof setInterval> {
  const timer = setInterval(
    () =>
      void query(`DELETE FROM live_events WHERE created_at < now() - make_interval(hours => $1)`, [KEEP_HOURS]).catch((error: unknown) =>
        logger.warn({ err: error }, 'could not prune old live events'),
      ),
    PRUNE_EVERY_MS,
  );
  timer.unref();
  return timer;
}

const CHANNEL = 'selah_live';

function isLiveChange(value: unknown): value is LiveChange {
  const v = value as Partial<LiveChange> | null;
  return (
    typeof v?.userId === 'string' &&
    typeof v.id === 'string' &&
    (v.kind === 'record' || v.kind === 'personalized-journey') &&
    (v.seq === undefined || Number.isSafeInteger(v.seq))
  );
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
export function createLocalLiveBus(query: Query, logger: FastifyBaseLogger): LiveBus {
  const local = localEmitter();
  const prune = pruneEveryHour(query, logger);
  return {
    publish: async (change) => local.emit(await numbered(query, change)),
    subscribe: local.subscribe,
    changesSince: (userId, afterSeq) => changesSince(query, userId, afterSeq),
    latestSeq: (userId) => latestSeq(query, userId),
    onReconnect: () => () => undefined,
    close: async () => clearInterval(prune),
  };
}

/**
 * Several processes on PostgreSQL: a change is a NOTIFY on one channel, which every process LISTENs on (its one
 * notifications connection, platform/db/notifications.ts), so a worker's progress reaches the API process that
 * holds the user's stream, after whatever that change told the other channels (a person's cached reads).
 */
export async function createPostgresLiveBus(
  database: Pick<DatabaseHandle, 'listen' | 'query'>,
  logger: FastifyBaseLogger,
): Promise<LiveBus> {
  const { query } = database;
  const local = localEmitter();
  const reconnected = new Set<() => void>();
  const prune = pruneEveryHour(query, logger);
  const listening = await database.listen(CHANNEL, {
    message(payload) {
      try {
        const change: unknown = JSON.parse(payload);
        if (isLiveChange(change)) local.emit(change);
      } catch (error) {
        logger.warn({ err: error }, 'ignored a malformed live notification');
      }
    },
    // Back after a loss: notifications sent meanwhile never came, so the streams catch up from their last id.
    resumed: () => {
      for (const listenerOfReconnect of reconnected) listenerOfReconnect();
    },
    warn: (error, message) => logger.warn({ err: error }, message),
  });

  return {
    async publish(change) {
      await query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(await numbered(query, change))]);
    },
    subscribe: local.subscribe,
    changesSince: (userId, afterSeq) => changesSince(query, userId, afterSeq),
    latestSeq: (userId) => latestSeq(query, userId),
    onReconnect(listenerOfReconnect) {
      reconnected.add(listenerOfReconnect);
      return () => void reconnected.delete(listenerOfReconnect);
    },
    async close() {
      clearInterval(prune);
      await listening.close();
    },
  };
}
