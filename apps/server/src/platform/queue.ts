import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './db/client';

/**
 * pg-boss on the app's own database: PGlite in the embedded default (through the executeSql adapter),
 * PostgreSQL at scale, where workers compete for jobs with SKIP LOCKED.
 */
export async function startQueue(database: DatabaseHandle, logger: FastifyBaseLogger, options: { runsJobs: boolean }): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => database.query(text, values) },
    // API-only processes send jobs; workers (and the embedded process) run them, the schedules and maintenance.
    supervise: options.runsJobs,
    schedule: options.runsJobs,
    maintenanceIntervalSeconds: 300,
  });
  boss.on('error', (error: unknown) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}

export type Queue = PgBoss;
