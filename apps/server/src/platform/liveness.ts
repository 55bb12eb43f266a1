import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from './db/client';

/**
 * A job whose worker died runs again within a minute (issue 21), instead of waiting for pg-boss's expiry (5 to
 * 10 minutes). Every worker writes a heartbeat every few seconds and keeps a lease on each job it runs; every
 * worker also looks, every few seconds, for leases held by a process whose heartbeat stopped, fails those jobs
 * so pg-boss runs them again (on any live worker, after the queue's retry delay), and says so in the log with the
 * reason. A module can also tell its record that its work starts over (`onRequeue`).
 */
export interface LivenessTimings {
  /** How often this process says it is alive. */
  heartbeatMs: number;
  /** A process not heard from for this long is dead. */
  deadAfterMs: number;
  /** How often this process looks for the jobs of dead ones. */
  reapMs: number;
}

export const LIVENESS: LivenessTimings = { heartbeatMs: 5_000, deadAfterMs: 30_000, reapMs: 10_000 };

export interface JobLeases {
  lease(job: { id: string; name: string; data?: unknown }): Promise<void>;
  release(jobId: string): Promise<void>;
}

type Requeued = (data: Record<string, unknown>) => Promise<void>;

export function createLiveness(options: {
  database: Pick<DatabaseHandle, 'query'>;
  processId: string;
  logger: FastifyBaseLogger;
  timings?: LivenessTimings;
}) {
  const { database, processId, logger } = options;
  const timings = options.timings ?? LIVENESS;
  const onRequeue = new Map<string, Requeued>();
  const timers: ReturnType<typeof setInterval>[] = [];
  let reaping = false;

  const beat = () =>
    database.query(
      `INSERT INTO worker_heartbeats (process_id, seen_at) VALUES ($1, now())
       ON CONFLICT (process_id) DO UPDATE SET seen_at = now()`,
      [processId],
    );

  const leases: JobLeases = {
    async lease(job) {
      const data = typeof job.data === 'object' && job.data !== null ? JSON.stringify(job.data) : null;
      await database.query(
        `INSERT INTO job_leases (job_id, queue, process_id, data) VALUES ($1, $2, $3, $4::jsonb)
         ON CONFLICT (job_id) DO UPDATE SET process_id = EXCLUDED.process_id, started_at = now()`,
        [job.id, job.name, processId, data],
      );
    },
    async release(jobId) {
      await database.query('DELETE FROM job_leases WHERE job_id = $1 AND process_id = $2', [jobId, processId]);
    },
  };

  /** Fails the jobs of dead processes (pg-boss retries them) and forgets those processes. Answers how many. */
  async function reap(boss: Pick<PgBoss, 'fail'>): Promise<number> {
    if (reaping) return 0;
    reaping = true;
    try {
      const { rows } = await database.query(
        `DELETE FROM job_leases l
         WHERE l.process_id <> $1
           AND NOT EXISTS (SELECT 1 FROM worker_heartbeats h
                           WHERE h.process_id = l.process_id AND h.seen_at > now() - make_interval(secs => $2))
         RETURNING l.job_id, l.queue, l.process_id, l.data, l.started_at,
                   (SELECT h.seen_at FROM worker_heartbeats h WHERE h.process_id = l.process_id) AS last_seen`,
        [processId, timings.deadAfterMs / 1000],
      );
      for (const row of rows) {
        const queue = String(row.queue);
        const jobId = String(row.job_id);
        await boss.fail(queue, jobId, { reason: `its worker ${String(row.process_id)} stopped answering` }).catch((error: unknown) => {
          logger.warn({ err: error, queue, jobId }, 'job of a stopped worker could not be run again');
        });
        const fields = {
          queue,
          jobId,
          worker: row.process_id,
          lastSeen: row.last_seen,
          startedAt: row.started_at,
          reason: 'worker stopped answering',
        };
        // With no tries left the queue gives the job up (its dead letters tell its module): it does not run again.
        const { rows: failed } = await database
          .query(`SELECT 1 FROM pgboss.job WHERE name = $1 AND id = $2 AND state = 'failed'`, [queue, jobId])
          .catch(() => ({ rows: [] }));
        if (failed.length > 0) {
          logger.warn(fields, 'job given up: the worker that was running it stopped, and it had no tries left');
          continue;
        }
        logger.warn(fields, 'job runs again: the worker that was running it stopped');
        const data = (row.data ?? {}) as Record<string, unknown>;
        await onRequeue
          .get(queue)?.(data)
          .catch((error: unknown) => logger.warn({ err: error, queue, jobId }, 'could not mark the job as starting over'));
      }
      await database.query('DELETE FROM worker_heartbeats WHERE seen_at < now() - make_interval(secs => $1)', [
        (timings.deadAfterMs * 10) / 1000,
      ]);
      return rows.length;
    } finally {
      reaping = false;
    }
  }

  return {
    leases,
    reap,
    /** What a module does when a job of its queue starts over (its record says so, its people are told). */
    onRequeue(queue: string, handler: Requeued): void {
      onRequeue.set(queue, handler);
    },
    /** Starts the heartbeat and the reaper; the first beat is written before this resolves. */
    async start(boss: Pick<PgBoss, 'fail'>): Promise<void> {
      await beat();
      const quietly = (what: string) => (error: unknown) => logger.warn({ err: error }, `liveness: ${what} failed`);
      timers.push(setInterval(() => void beat().catch(quietly('heartbeat')), timings.heartbeatMs));
      timers.push(setInterval(() => void reap(boss).catch(quietly('looking for stopped workers')), timings.reapMs));
      for (const timer of timers) timer.unref();
    },
    /** Stops beating (a process that shuts down releases its leases as its jobs end). */
    stop(): void {
      for (const timer of timers.splice(0)) clearInterval(timer);
    },
  };
}

export type Liveness = ReturnType<typeof createLiveness>;
