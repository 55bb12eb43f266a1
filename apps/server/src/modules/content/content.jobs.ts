import type { FastifyBaseLogger } from 'fastify';
import type { Queue } from '../../platform/queue';
import { DAILY_BACKFILL_DAYS } from './daily.service';

export const CONTENT_JOBS = {
  importContent: 'import-content',
  publishDailyPrayer: 'publish-daily-prayer',
} as const;

/** Midnight UTC, every day. */
export const DAILY_PRAYER_CRON = '0 0 * * *';

/**
 * Jobs of the content module, run by worker processes (and the embedded one):
 * - import-content: read content/, voice what changed, then republish recent daily prayers (new audio);
 * - publish-daily-prayer: scheduled at midnight, publishes today's daily prayer.
 */
export async function registerContentJobs(
  queue: Queue,
  deps: {
    importContent: () => Promise<unknown>;
    publishDaily: (days: number) => Promise<void>;
    logger: FastifyBaseLogger;
  },
): Promise<void> {
  const { importContent, publishDaily, logger } = deps;
  await queue.createQueue(CONTENT_JOBS.importContent);
  await queue.createQueue(CONTENT_JOBS.publishDailyPrayer);

  await queue.work(CONTENT_JOBS.importContent, async () => {
    const summary = await importContent();
    await publishDaily(DAILY_BACKFILL_DAYS);
    logger.info({ summary }, 'content import finished');
  });
  await queue.work(CONTENT_JOBS.publishDailyPrayer, async () => {
    await publishDaily(2);
  });
  await queue.schedule(CONTENT_JOBS.publishDailyPrayer, DAILY_PRAYER_CRON, {}, { tz: 'UTC' });
}

/** Asks a worker to import the content; one import at a time (a second request while one waits is dropped). */
export async function requestContentImport(queue: Queue): Promise<void> {
  await queue.send(CONTENT_JOBS.importContent, {}, { singletonKey: 'content', expireInSeconds: 60 * 60, retryLimit: 2 });
}
