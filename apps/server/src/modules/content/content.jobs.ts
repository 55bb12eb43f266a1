import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../platform/db/client';
import type { Queue } from '../../platform/queue';
import { DAILY_BACKFILL_DAYS } from './daily.service';

export const CONTENT_JOBS = {
  /** Its own queue, one import queued and one running at most (pg-boss's "stately" policy). */
  importContent: 'content-import',
  publishDailyPrayer: 'publish-daily-prayer',
} as const;

/** Midnight UTC, every day. */
export const DAILY_PRAYER_CRON = '0 0 * * *';

/** How often an import waiting for people's prayers looks again. */
const USER_WORK_POLL_MS = 1000;

export interface ContentImportState {
  /** The fingerprint of the content as it is now (content.fingerprint.ts). */
  fingerprint(): Promise<string>;
  /** The fingerprint of the content last imported in full, or null. */
  imported(): Promise<string | null>;
  /** Records a finished import. */
  record(fingerprint: string): Promise<void>;
}

/**
 * Jobs of the content module, run by worker processes (and the embedded one):
 * - content-import: read content/, voice what changed, then republish recent daily prayers (new audio). It runs
 *   once per content change whatever the number of workers: at most one is queued and one runs, and one whose
 *   content was already imported in full does nothing. A failed import resumes where it stopped (each voiced
 *   file is kept as it is made, content.import.ts);
 * - publish-daily-prayer: scheduled at midnight, publishes today's daily prayer.
 */
export async function registerContentJobs(
  queue: Queue,
  deps: {
    importContent: () => Promise<unknown>;
    publishDaily: (days: number) => Promise<void>;
    state: ContentImportState;
    /** After an import: removes media no row refers to (unreferenced-media.ts). */
    cleanUp?: () => Promise<unknown>;
    logger: FastifyBaseLogger;
  },
): Promise<void> {
  const { importContent, publishDaily, state, cleanUp, logger } = deps;
  await queue.createQueue(CONTENT_JOBS.importContent, { name: CONTENT_JOBS.importContent, policy: 'stately' });
  await queue.createQueue(CONTENT_JOBS.publishDailyPrayer);

  await queue.work(CONTENT_JOBS.importContent, async () => {
    const fingerprint = await state.fingerprint();
    if ((await state.imported()) === fingerprint) {
      logger.info('content import: the content is imported already');
      return;
    }
    const summary = await importContent();
    await publishDaily(DAILY_BACKFILL_DAYS);
    await state.record(fingerprint);
    logger.info({ summary }, 'content import finished');
    await cleanUp?.().catch((error: unknown) => logger.warn({ err: error }, 'could not remove unreferenced media'));
  });
  await queue.work(CONTENT_JOBS.publishDailyPrayer, async () => {
    await publishDaily(2);
  });
  await queue.schedule(CONTENT_JOBS.publishDailyPrayer, DAILY_PRAYER_CRON, {}, { tz: 'UTC' });
}

/**
 * Asks a worker to import the content, unless it was imported in full already (a worker's start, or a second
 * worker's). Answers whether an import was asked for.
 */
export async function requestContentImport(queue: Queue, state: ContentImportState): Promise<boolean> {
  if ((await state.imported()) === (await state.fingerprint())) return false;
  await queue.send(CONTENT_JOBS.importContent, {}, { expireInSeconds: 60 * 60, retryLimit: 2, retryDelay: 30 });
  return true;
}

/**
 * Before each file it voices, the import waits while people's prayers or journeys are queued or running, so the
 * voices and both cores are theirs first (the import is never in a hurry).
 */
export function waitForPeoplesJobs(
  database: Pick<DatabaseHandle, 'query'>,
  queues: string[],
  logger: FastifyBaseLogger,
  pollMs = USER_WORK_POLL_MS,
): () => Promise<void> {
  const busy = async () => {
    const { rows } = await database.query(
      `SELECT EXISTS (SELECT 1 FROM pgboss.job WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active')) AS busy`,
      [queues],
    );
    return rows[0]?.busy === true;
  };
  return async () => {
    let waited = 0;
    while (await busy().catch(() => false)) {
      if (waited === 0) logger.info('content import: waiting for people’s prayers to finish');
      waited += 1;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  };
}
