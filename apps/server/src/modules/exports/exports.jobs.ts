import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Queue } from '../../platform/queue';
import { EXPIRE_EXPORTS_JOB, EXPORT_JOB, type ExportsService } from './exports.service';

/** Prepares exports one at a time, and every hour removes those past their time. */
export async function registerExportJobs(queue: Queue, deps: { service: ExportsService; logger: FastifyBaseLogger }): Promise<void> {
  await queue.createQueue(EXPORT_JOB);
  await queue.createQueue(EXPIRE_EXPORTS_JOB);
  await queue.work<{ exportId: string }>(
    EXPORT_JOB,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async ([job]: PgBoss.Job<{ exportId: string }>[]) => {
      if (job && typeof job.data.exportId === 'string') await deps.service.prepare(job.data.exportId);
    },
  );
  await queue.work(EXPIRE_EXPORTS_JOB, async () => {
    const removed = await deps.service.expire();
    if (removed > 0) deps.logger.info({ removed }, 'expired data exports removed');
  });
  await queue.schedule(EXPIRE_EXPORTS_JOB, '17 * * * *', {}, { tz: 'UTC' });
}
