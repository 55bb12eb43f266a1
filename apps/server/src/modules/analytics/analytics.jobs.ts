import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Queue } from '../../platform/queue';
import type { AnalyticsQueries } from './analytics.queries';

export const PRUNE_ANALYTICS_JOB = 'prune-analytics';
/** Every day at 03:30 UTC. */
export const PRUNE_ANALYTICS_CRON = '30 3 * * *';

/** Removes analytics events older than the retention (ANALYTICS_RETENTION_DAYS). */
export async function pruneAnalytics(deps: { queries: AnalyticsQueries; clock: Clock; retentionDays: number }): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - deps.retentionDays * 24 * 60 * 60 * 1000);
  return deps.queries.pruneBefore(cutoff);
}

/** Analytics events are kept for a configurable number of days: a daily job, and once at every worker start. */
export async function registerAnalyticsJobs(
  queue: Queue,
  deps: { queries: AnalyticsQueries; clock: Clock; retentionDays: number; logger: FastifyBaseLogger },
): Promise<void> {
  await queue.createQueue(PRUNE_ANALYTICS_JOB);
  await queue.work(PRUNE_ANALYTICS_JOB, async () => {
    const removed = await pruneAnalytics(deps);
    if (removed > 0) deps.logger.info({ removed, retentionDays: deps.retentionDays }, 'old analytics events removed');
  });
  await queue.schedule(PRUNE_ANALYTICS_JOB, PRUNE_ANALYTICS_CRON, {}, { tz: 'UTC' });
  await queue.send(PRUNE_ANALYTICS_JOB, {}, { singletonKey: 'prune', retryLimit: 1 });
}
