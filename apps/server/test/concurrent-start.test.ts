import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/client';
import { startQueue } from '../src/platform/queue';
import { GENERATE_PRAYER_JOB } from '../src/modules/records/generate-prayer.job';
import { GENERATE_JOURNEY_JOB } from '../src/modules/personalized/generate-journey.job';
import { CONTENT_JOBS } from '../src/modules/content/content.jobs';
import { PUSH_JOBS } from '../src/modules/push/push.service';
import { PRUNE_ANALYTICS_JOB } from '../src/modules/analytics/analytics.jobs';

const serverUrl = process.env.TEST_DATABASE_URL;
const QUEUES = [
  GENERATE_PRAYER_JOB,
  GENERATE_JOURNEY_JOB,
  CONTENT_JOBS.importContent,
  CONTENT_JOBS.publishDailyPrayer,
  PUSH_JOBS.reminders,
  PUSH_JOBS.deliver,
  PRUNE_ANALYTICS_JOB,
];
/** No logger: only errors would be logged, and the test asserts there are none. */
const silent = { error: () => undefined, warn: () => undefined, info: () => undefined } as never;

/**
 * Issue 21, item 4: processes started at the same moment on an empty PostgreSQL database (API and workers) all
 * come up. Each stands for a process: its own pool, migrations, pg-boss and every queue the app creates.
 */
describe.skipIf(!serverUrl)('processes started together on an empty database', () => {
  it('all come up, round after round, with one copy of each queue', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 3; round += 1) {
      const name = `selah_start_${Date.now()}_${randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const processes = await Promise.all(Array.from({ length: 6 }, () => openDatabase({ url: url.toString() })));
      try {
        const started = await Promise.allSettled(
          processes.map(async (database) => {
            await database.migrate();
            const queue = await startQueue(database, silent, { runsJobs: true });
            await Promise.all(QUEUES.map((queueName) => queue.createQueue(queueName)));
            return queue;
          }),
        );
        const failures = started
          .filter((result) => result.status === 'rejected')
          .map((result) => String((result as PromiseRejectedResult).reason));
        expect(failures, `round ${round + 1}`).toEqual([]);
        const { rows } = await processes[0]!.query("SELECT name FROM pgboss.queue WHERE left(name, 8) <> '__pgboss' ORDER BY name");
        expect(rows.map((row) => row.name)).toEqual([...QUEUES].sort());
        await Promise.all(
          started.map((result) =>
            result.status === 'fulfilled' ? result.value.stop({ graceful: false, wait: true, timeout: 1000 }) : undefined,
          ),
        );
      } finally {
        await Promise.all(processes.map((database) => database.close().catch(() => undefined)));
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
  });
});
