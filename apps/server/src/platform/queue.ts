import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './db/client';
import type { JobLeases } from './liveness';
import type { Metrics } from './metrics';

/** The advisory lock under which processes set up pg-boss's schema and queues, one at a time. */
const QUEUE_SETUP_LOCK = 7_261_002;

/**
 * pg-boss on the app's own database: PGlite in the embedded default (through the executeSql adapter),
 * PostgreSQL at scale, where workers compete for jobs with SKIP LOCKED.
 */
export async function startQueue(
  database: DatabaseHandle,
  logger: FastifyBaseLogger,
  options: { runsJobs: boolean; soleWorker?: boolean; metrics?: Metrics; leases?: JobLeases },
): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => database.query(text, values) },
    // API-only processes send jobs; workers (and the embedded process) run them, the schedules and maintenance.
    supervise: options.runsJobs,
    schedule: options.runsJobs,
    maintenanceIntervalSeconds: 300,
  });
  boss.on('error', (error: unknown) => logger.error({ err: error }, 'job queue error'));
  // Processes started together on an empty database would create pg-boss's schema and queues at the same time:
  // its create_queue attaches a partition to pgboss.job and two of them deadlock. They take turns instead.
  const createQueue = boss.createQueue.bind(boss);
  boss.createQueue = (name, queueOptions) => database.withLock(QUEUE_SETUP_LOCK, () => createQueue(name, queueOptions));
  instrument(boss, database, options.metrics, options.leases);
  await database.withLock(QUEUE_SETUP_LOCK, () => boss.start());
  if (options.soleWorker) await retryOrphanedJobs(boss, logger);
  return boss;
}

/**
 * In the embedded default this process is the database's only user, so jobs still marked active were
 * running in a process that died: fail them now, and pg-boss retries those with tries left, instead of
 * waiting for them to expire (an import would otherwise be held for an hour by its singleton key). Those with no
 * tries left are given up (their queue's dead letters say so to their module: `whenGivenUp`).
 */
async function retryOrphanedJobs(boss: PgBoss, logger: FastifyBaseLogger): Promise<void> {
  const db = boss.getDb();
  const { rows } = await db.executeSql(`SELECT id, name FROM pgboss.job WHERE state = 'active'`, []);
  const byName = new Map<string, string[]>();
  for (const row of rows as { id: string; name: string }[]) byName.set(row.name, [...(byName.get(row.name) ?? []), String(row.id)]);
  for (const [name, ids] of byName) {
    await boss.fail(name, ids);
    const { rows: states } = await db.executeSql(
      `SELECT state::text AS state, count(*)::int AS jobs FROM pgboss.job WHERE name = $1 AND id = ANY($2::uuid[]) GROUP BY 1`,
      [name, ids],
    );
    const count = (state: string) => Number((states as { state: string; jobs: number }[]).find((row) => row.state === state)?.jobs ?? 0);
    if (count('retry') > 0) logger.warn({ queue: name, jobs: count('retry') }, 'jobs left running by a stopped process will run again');
    if (count('failed') > 0) {
      logger.warn({ queue: name, jobs: count('failed') }, 'jobs left running by a stopped process were given up: they had no tries left');
    }
  }
}

/** The jobs each queue of this process is running now, by id (pg-boss gives up an expired job without stopping its handler). */
const runningBy = new WeakMap<PgBoss, Map<string, { name: string; data: unknown }>>();
const runningOf = (boss: PgBoss) => {
  let running = runningBy.get(boss);
  if (!running) runningBy.set(boss, (running = new Map()));
  return running;
};

/**
 * Whether a job of queue `name` about the item whose `field` is `value` is still running: in this process, or on
 * PostgreSQL in a live worker (its lease, platform/liveness.ts, held by a process heard from in the last 30 s).
 */
async function stillRunning(boss: PgBoss, name: string, field: string, value: string): Promise<boolean> {
  for (const job of runningOf(boss).values()) {
    if (job.name === name && (job.data as Record<string, unknown> | undefined)?.[field] === value) return true;
  }
  const { rows } = await boss.getDb().executeSql(
    `SELECT 1 FROM job_leases l JOIN worker_heartbeats h ON h.process_id = l.process_id
     WHERE l.queue = $1 AND l.data->>$2 = $3 AND h.seen_at > now() - interval '30 seconds' LIMIT 1`,
    [name, field, value],
  );
  return rows.length > 0;
}

/** The dead-letter queue of a queue: pg-boss puts a copy of each job of `name` it gives up there. */
export const givenUpQueueOf = (name: string): string => `${name}-given-up`;

/**
 * What this process does with the jobs of queue `name` (a standard queue) that pg-boss gives up: retries used up
 * by errors, by expiry, or by processes that died running them (a restart here, platform/liveness.ts on a shared
 * PostgreSQL). pg-boss copies each such job to the queue's dead letters in the same statement that fails it; a
 * worker here takes them at once, so the module's item fails within seconds instead of waiting for a sweep, unless
 * the item is still being worked on (an expired job's handler is not stopped) or a retry queued it again.
 * Jobs sent before the queue had dead letters are left to the module's sweep.
 */
export async function whenGivenUp<T extends Record<K, string>, K extends string>(
  boss: PgBoss,
  name: string,
  /** The field of the job's data that names its item. */
  key: K,
  onGivenUp: (data: T) => Promise<void>,
): Promise<void> {
  const deadLetter = givenUpQueueOf(name);
  await boss.createQueue(deadLetter);
  await boss.createQueue(name);
  await boss.updateQueue(name, { name, deadLetter });
  await boss.work<T>(deadLetter, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    const item = job.data[key];
    // Given up (its time ran out) while a handler still works on it, or a retry queued it again: that work
    // settles it (completed or failed); the module's sweep is the backstop.
    if (typeof item !== 'string') return;
    if ((await stillRunning(boss, name, key, item)) || (await hasLiveJob(boss, name, key, item))) return;
    await onGivenUp(job.data);
  });
}

/** Whether a job of queue `name` whose data has `field` = `value` is waiting, retrying or running. */
export async function hasLiveJob(boss: PgBoss, name: string, field: string, value: string): Promise<boolean> {
  const { rows } = await boss
    .getDb()
    .executeSql(`SELECT 1 FROM pgboss.job WHERE name = $1 AND data->>$2 = $3 AND state IN ('created', 'retry', 'active') LIMIT 1`, [
      name,
      field,
      value,
    ]);
  return rows.length > 0;
}

/**
 * Around every job this process runs: its time and outcome (selah_job_duration_seconds), and a lease naming this
 * process while it runs (platform/liveness.ts: a job whose worker died runs again). The queue's jobs by state are
 * read at each scrape.
 */
function instrument(boss: PgBoss, database: DatabaseHandle, metrics: Metrics | undefined, leases: JobLeases | undefined): void {
  const work = boss.work.bind(boss) as (name: string, ...rest: unknown[]) => Promise<string>;
  const runningHere = runningOf(boss);
  boss.work = ((name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as (jobs: Array<{ id: string; data?: unknown }>) => Promise<unknown>;
    return work(name, ...rest, async (jobs: Array<{ id: string; data?: unknown }>) => {
      const done = metrics?.jobDuration.startTimer({ queue: name });
      for (const job of jobs) runningHere.set(job.id, { name, data: job.data });
      // A lease that cannot be written only loses the faster re-run; the job runs all the same.
      if (leases) await Promise.all(jobs.map((job) => leases.lease({ id: job.id, name, data: job.data }).catch(() => undefined)));
      try {
        const result = await handler(jobs);
        done?.({ outcome: 'completed' });
        return result;
      } catch (error) {
        done?.({ outcome: 'failed' });
        throw error;
      } finally {
        for (const job of jobs) runningHere.delete(job.id);
        if (leases) await Promise.all(jobs.map((job) => leases.release(job.id).catch(() => undefined)));
      }
    });
  }) as PgBoss['work'];
  metrics?.observe({
    jobs: async () => {
      const { rows } = await database.query('SELECT name, state::text AS state, count(*)::int AS count FROM pgboss.job GROUP BY 1, 2', []);
      return rows.map((row) => ({ queue: String(row.name), state: String(row.state), count: Number(row.count) }));
    },
  });
}

export type Queue = PgBoss;
