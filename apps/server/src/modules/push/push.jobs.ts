import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Queue } from '../../platform/queue';
import { PUSH_JOBS, type Delivery, type PushService } from './push.service';

/** Every minute: reminders are claimed at the minute their local time comes. */
export const REMINDERS_CRON = '* * * * *';

/**
 * Jobs of the push module, run by worker processes (and the embedded one): the minute's reminders, claimed once
 * per person and local day whatever the number of workers, and the deliveries they queue (several at a time).
 */
export async function registerPushJobs(
  queue: Queue,
  deps: { service: PushService; logger: FastifyBaseLogger; concurrency?: number },
): Promise<void> {
  const { service, logger } = deps;
  await queue.createQueue(PUSH_JOBS.reminders);
  await queue.createQueue(PUSH_JOBS.deliver);
  await queue.work(PUSH_JOBS.reminders, async () => {
    await service.queueDueReminders();
    await service.queueOpenedDays();
  });
  const deliver = async ([job]: PgBoss.Job<Delivery>[]) => {
    if (!job) return;
    const counts = await service.deliver(job.data);
    logger.info({ kind: job.data.kind, ...counts }, 'push delivered');
  };
  for (let i = 0; i < (deps.concurrency ?? 2); i += 1) {
    await queue.work<Delivery>(PUSH_JOBS.deliver, { batchSize: 1, pollingIntervalSeconds: 1 }, deliver);
  }
  await queue.schedule(PUSH_JOBS.reminders, REMINDERS_CRON, {}, { tz: 'UTC' });
}
