import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { signInThrottle } from '../../platform/db/schema';

/** Failures allowed before any wait. */
export const FREE_ATTEMPTS = 5;
/** The wait after the first failure past the free ones; it doubles with each further failure, up to the cap. */
export const FIRST_WAIT_SECONDS = 15;
export const MAX_WAIT_SECONDS = 15 * 60;

/** How long an account waits after its n-th failure in a row (0 within the free attempts). */
export function waitAfter(failures: number): number {
  if (failures <= FREE_ATTEMPTS) return 0;
  return Math.min(MAX_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** Math.min(failures - FREE_ATTEMPTS - 1, 20));
}

export const throttleKey = (email: string): string => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export type AttemptOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Sign-in failures per account (ASVS 5 V6.3.1), in the database so every API process counts the same. Each
 * attempt is counted before the password is checked and the count is cleared by a success: a burst of
 * parallel guesses meets the wait like a sequence does, because the counting update takes the row's lock
 * and re-reads the wait. Unknown addresses are counted exactly like known ones, so the answer tells nothing
 * about whether an account exists.
 */
export function signInThrottleStore(db: Database) {
  return {
    /** Counts an attempt for this email, or refuses it while the account is waiting. */
    async begin(email: string, now: Date): Promise<AttemptOutcome> {
      const key = throttleKey(email);
      const nowIso = now.toISOString();
      const failures = sql`${signInThrottle.failures} + 1`;
      const [free, first, max] = [sql.raw(String(FREE_ATTEMPTS)), sql.raw(String(FIRST_WAIT_SECONDS)), sql.raw(String(MAX_WAIT_SECONDS))];
      const waitSeconds = sql`least(${max}, ${first} * power(2, least(greatest(${failures} - ${free} - 1, 0), 20)))::float8`;
      const rows = await db
        .insert(signInThrottle)
        .values({ key, failures: 1, lockedUntil: null, updatedAt: now })
        .onConflictDoUpdate({
          target: signInThrottle.key,
          set: {
            failures,
            lockedUntil: sql`case when ${failures} > ${free} then ${nowIso}::timestamptz + make_interval(secs => ${waitSeconds}) else null end`,
            updatedAt: now,
          },
          setWhere: sql`${signInThrottle.lockedUntil} is null or ${signInThrottle.lockedUntil} <= ${nowIso}::timestamptz`,
        })
        .returning({ failures: signInThrottle.failures });
      if (rows.length > 0) return { allowed: true };
      const [row] = await db.select({ lockedUntil: signInThrottle.lockedUntil }).from(signInThrottle).where(eq(signInThrottle.key, key));
      const until = row?.lockedUntil?.getTime() ?? now.getTime() + 1000;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
    },

    /** A right password: the account's count starts again. */
    async succeeded(email: string): Promise<void> {
      await db.delete(signInThrottle).where(eq(signInThrottle.key, throttleKey(email)));
    },
  };
}

export type SignInThrottle = ReturnType<typeof signInThrottleStore>;
