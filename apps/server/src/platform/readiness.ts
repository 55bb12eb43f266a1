import type { DatabaseHandle } from './db/client';

/** How long the database may take to answer before the process counts as not ready. */
const DATABASE_TIMEOUT_MS = 2000;

export type CheckResult = 'ok' | 'unreachable' | 'pending' | 'starting' | 'stopped' | 'unknown';

export interface Readiness {
  ready: boolean;
  checks: { database: CheckResult; migrations: CheckResult; queue: CheckResult };
  /** Why not ready, for people: "database unreachable: ...". */
  reason?: string;
}

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);

/**
 * GET /ready (issue 21): the process can do its work. The database answers, every migration of this code is
 * applied, and the job queue is running (it starts after the server listens, and stops first at shutdown).
 * /health stays the liveness probe: it answers while the process runs.
 */
export async function checkReadiness(deps: {
  database: DatabaseHandle;
  queueRunning: () => boolean;
  /** Where the database's own error goes (the answer, which anyone may read, only says it is unreachable). */
  logger?: { warn(fields: object, message: string): void };
}): Promise<Readiness> {
  const checks: Readiness['checks'] = { database: 'unknown', migrations: 'unknown', queue: deps.queueRunning() ? 'ok' : 'starting' };
  const reasons: string[] = [];
  try {
    await withTimeout(deps.database.query('SELECT 1', []), DATABASE_TIMEOUT_MS);
    checks.database = 'ok';
    const pending = await withTimeout(deps.database.pendingMigrations(), DATABASE_TIMEOUT_MS);
    checks.migrations = pending === 0 ? 'ok' : 'pending';
    if (pending > 0) reasons.push(`${pending} migration${pending === 1 ? '' : 's'} not applied`);
  } catch (error) {
    checks.database = 'unreachable';
    reasons.push('database unreachable');
    deps.logger?.warn({ err: error }, 'not ready: the database is unreachable');
  }
  if (checks.queue !== 'ok') reasons.push('job queue not running');
  return reasons.length === 0 ? { ready: true, checks } : { ready: false, checks, reason: reasons.join('; ') };
}
