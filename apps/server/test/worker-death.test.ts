import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/platform/db/client';
import { createLiveness, type Liveness } from '../src/platform/liveness';
import { startQueue, whenGivenUp, type Queue } from '../src/platform/queue';
import { openTestDatabase } from './helpers';

const QUEUE = 'test-work';
/** Fast timings: a worker silent for a second is dead, looked for five times a second. */
const TIMINGS = { heartbeatMs: 100, deadAfterMs: 1000, reapMs: 200 };

interface LogLine {
  level: 'warn' | 'info' | 'error';
  fields: Record<string, unknown>;
  message: string;
}

/**
 * Issue 21, item 2: a job whose worker died runs again on another worker, long before pg-boss's expiry, the re-run
 * is logged with its reason, and the job's module hears that its work starts over. Two workers share a PostgreSQL
 * database; one "dies" (its heartbeat and its queue stop) in the middle of a job.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a job whose worker died', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const stops: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    for (const stop of stops) await stop().catch(() => undefined);
    await drop?.();
  });

  const startWorker = async (name: string, handler: (data: { recordId: string }) => Promise<void>) => {
    const lines: LogLine[] = [];
    const log = (level: LogLine['level']) => (fields: Record<string, unknown>, message: string) =>
      void lines.push({ level, fields, message });
    const logger = { warn: log('warn'), info: log('info'), error: log('error'), debug: () => undefined } as never;
    const liveness: Liveness = createLiveness({ database, processId: name, logger, timings: TIMINGS });
    const queue: Queue = await startQueue(database, logger, { runsJobs: true, leases: liveness.leases });
    await queue.createQueue(QUEUE, { name: QUEUE, retryLimit: 2, retryDelay: 1, expireInSeconds: 600 });
    await queue.work<{ recordId: string }>(QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (job) await handler(job.data);
    });
    await liveness.start(queue);
    const stop = async () => {
      liveness.stop();
      await queue.stop({ graceful: false, wait: true, timeout: 1000 });
    };
    stops.push(stop);
    return { liveness, queue, lines, stop };
  };

  it('runs again on a live worker, logged with the reason, and its module hears of it', { timeout: 60_000 }, async () => {
    let startedOnFirst!: () => void;
    const firstStarted = new Promise<void>((resolve) => (startedOnFirst = resolve));
    // The first worker takes the job and never finishes it.
    const first = await startWorker('worker-a', () => {
      startedOnFirst();
      return new Promise<void>(() => undefined);
    });
    const finished: string[] = [];
    const second = await startWorker('worker-b', async ({ recordId }) => void finished.push(recordId));
    const requeued: unknown[] = [];
    second.liveness.onRequeue(QUEUE, async (data) => void requeued.push(data));
    // Only the first takes jobs until it dies: the second stops polling for now.
    await second.queue.offWork(QUEUE);

    const jobId = await first.queue.send(QUEUE, { recordId: 'record-1' });
    await firstStarted;
    const { rows: leases } = await database.query('SELECT process_id FROM job_leases WHERE job_id = $1', [jobId]);
    expect(leases.map((row) => row.process_id)).toEqual(['worker-a']);

    // The first worker dies: no more heartbeats, nothing fetched, its job left active (a killed process fails
    // nothing; pg-boss's own stop would fail its jobs in progress, so it is not called here).
    first.liveness.stop();
    await first.queue.offWork(QUEUE);
    await second.queue.work<{ recordId: string }>(QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (job) finished.push(job.data.recordId);
    });

    await expect.poll(() => finished, { timeout: 30_000, interval: 100 }).toEqual(['record-1']);
    expect(requeued).toEqual([{ recordId: 'record-1' }]);
    const rerun = second.lines.find((line) => line.message === 'job runs again: the worker that was running it stopped');
    expect(rerun?.fields).toMatchObject({ queue: QUEUE, jobId, worker: 'worker-a', reason: 'worker stopped answering' });
    await expect
      .poll(async () => (await database.query('SELECT count(*)::int AS n FROM job_leases', [])).rows[0]?.n, { timeout: 10_000 })
      .toBe(0);
  });

  it(
    'gives up a job whose worker died on its last try: logged so, not started over, its module told at once',
    { timeout: 60_000 },
    async () => {
      // Only the two workers of this test: an earlier test's live worker would reap the job (and log it) instead.
      for (const stop of stops.splice(0)) await stop();
      const LAST_TRY = 'test-last-try';
      const givenUp: unknown[] = [];
      let startedOnFirst!: () => void;
      const firstStarted = new Promise<void>((resolve) => (startedOnFirst = resolve));
      const first = await startWorker('worker-c', async () => undefined);
      const second = await startWorker('worker-d', async () => undefined);
      const requeued: unknown[] = [];
      second.liveness.onRequeue(LAST_TRY, async (data) => void requeued.push(data));
      // One try only; the dead letters are taken by the second worker.
      await first.queue.createQueue(LAST_TRY, { name: LAST_TRY, retryLimit: 0, expireInSeconds: 600 });
      await whenGivenUp<{ recordId: string }, 'recordId'>(second.queue, LAST_TRY, 'recordId', async (data) => void givenUp.push(data));
      await first.queue.work<{ recordId: string }>(LAST_TRY, { batchSize: 1, pollingIntervalSeconds: 0.5 }, () => {
        startedOnFirst();
        return new Promise<void>(() => undefined);
      });

      const jobId = await first.queue.send(LAST_TRY, { recordId: 'record-2' });
      await firstStarted;
      first.liveness.stop();
      await first.queue.offWork(LAST_TRY);

      await expect.poll(() => givenUp, { timeout: 30_000, interval: 100 }).toEqual([{ recordId: 'record-2' }]);
      const line = second.lines.find((candidate) => candidate.fields.jobId === jobId);
      expect(line?.message).toBe('job given up: the worker that was running it stopped, and it had no tries left');
      expect(requeued).toEqual([]);
      const { rows } = await database.query(`SELECT state::text AS state FROM pgboss.job WHERE name = $1 AND id = $2`, [LAST_TRY, jobId]);
      expect(rows).toEqual([{ state: 'failed' }]);
    },
  );

  it('leaves the jobs of a live worker alone, however long they run', async () => {
    const busy = createLiveness({ database, processId: 'worker-busy', logger: { warn: () => undefined } as never, timings: TIMINGS });
    await busy.start({ fail: async () => undefined } as never);
    stops.push(async () => busy.stop());
    await busy.leases.lease({ id: '00000000-0000-0000-0000-000000000001', name: QUEUE, data: {} });
    const failed: string[] = [];
    const watcher = createLiveness({ database, processId: 'worker-watch', logger: { warn: () => undefined } as never, timings: TIMINGS });
    // Several looks over more than the dead-after time: the busy worker keeps beating.
    for (let i = 0; i < 3; i += 1) {
      expect(await watcher.reap({ fail: async (_queue: string, id: string) => void failed.push(id) } as never)).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(failed).toEqual([]);
    await busy.leases.release('00000000-0000-0000-0000-000000000001');
  });
});
