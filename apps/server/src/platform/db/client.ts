import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { listenPglite, postgresNotifications, type ListenHandlers, type Listening } from './notifications';
import * as schema from './schema';

/** Both drivers expose the same Drizzle query API; the type is the PGlite flavour's. */
export type Database = ReturnType<typeof drizzlePglite<typeof schema>>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The postgres:// URL (PostgreSQL only): live notifications need a connection of their own. */
  url?: string;
  /** Runs raw SQL (several statements allowed when there are no parameters). */
  exec(sqlText: string): Promise<void>;
  /** Raw parameterised SQL (pg-boss talks to the database through this). */
  query(sqlText: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding a PostgreSQL advisory lock, so processes that start together take turns (PGlite has
   * one process: it just runs). The lock is held on a connection of its own; `work` may use the pool.
   */
  withLock<T>(key: number, work: () => Promise<T>): Promise<T>;
  /** Migrations not yet applied to this database (0 once migrate() ran). */
  pendingMigrations(): Promise<number>;
  /** Listens on a notification channel (PostgreSQL: a connection of its own; PGlite: in process). */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>;
  /** The PostgreSQL pool's connections (null for PGlite). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it PGlite runs embedded. */
  url?: string | undefined;
  /** PGlite data directory; omitted means in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL: the pool's size (DATABASE_POOL_SIZE). */
  poolSize?: number;
}

const migrationsFolder = (): string => {
  // src/platform/db -> apps/server/drizzle, and dist/ -> apps/server/drizzle
  const here = path.dirname(new URL(import.meta.url).pathname);
  const candidates = [path.resolve(here, '../../../drizzle'), path.resolve(here, '../drizzle')];
  return candidates.find((dir) => existsSync(path.join(dir, 'meta'))) ?? candidates[0]!;
};

const MIGRATION_LOCK_KEY = 7_261_001;

/** How many migrations the code has (drizzle's journal), read once. */
let migrationCount: number | undefined;
function migrationsInCode(): number {
  migrationCount ??= (JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as { entries: unknown[] })
    .entries.length;
  return migrationCount;
}

/** Migrations of the code that the database has not recorded as applied (drizzle keeps them in its own schema). */
async function pending(query: DatabaseHandle['query']): Promise<number> {
  const table = await query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`, []);
  if (table.rows[0]?.present !== true) return migrationsInCode();
  const { rows } = await query('SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations', []);
  return Math.max(0, migrationsInCode() - Number(rows[0]?.applied ?? 0));
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const url = options.url;
    const notifications = postgresNotifications(url);
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server dropped is replaced by the pool; logging is enough (the caller retries).
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const query: DatabaseHandle['query'] = async (sqlText, values) => {
      const result = await pool.query(sqlText, values);
      return { rows: result.rows as Record<string, unknown>[] };
    };
    const withLock = async <T>(key: number, work: () => Promise<T>): Promise<T> => {
      const lock = await pool.connect();
      try {
        await lock.query('SELECT pg_advisory_lock($1)', [key]);
        return await work();
      } finally {
        await lock.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
        lock.release();
      }
    };
    return {
      db,
      kind: 'postgres',
      url: options.url,
      exec: async (sqlText) => {
        await pool.query(sqlText);
      },
      query,
      // Several processes may start at once: one migrates, the others wait for it.
      migrate: () => withLock(MIGRATION_LOCK_KEY, () => migratePg(db as never, { migrationsFolder: migrationsFolder() })),
      withLock,
      pendingMigrations: () => pending(query),
      listen: (channel, handlers) => notifications.listen(channel, handlers),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm backs search (migration 0002 creates the extension).
  const client = await PGlite.create({ dataDir: options.dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  const query: DatabaseHandle['query'] = async (sqlText, values) => {
    // PGlite's query() takes one statement; parameterless batches (pg-boss's schema) go through exec().
    if (!values || values.length === 0) {
      const results = await client.exec(sqlText);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    }
    const result = await client.query(sqlText, values);
    return { rows: result.rows as Record<string, unknown>[] };
  };
  return {
    db,
    kind: 'pglite',
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    query,
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    withLock: (_key, work) => work(),
    pendingMigrations: () => pending(query),
    listen: (channel, handlers) => listenPglite(client, channel, handlers),
    poolStats: () => null,
    close: () => client.close(),
  };
}
