import { lt } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { analyticsEvents } from '../../platform/db/schema';

export function analyticsQueries(db: Database) {
  return {
    async insert(event: { userId: string | null; name: string; params: Record<string, unknown> }): Promise<void> {
      await db.insert(analyticsEvents).values(event);
    },
    /** Deletes events recorded before `cutoff`; answers how many went. */
    async pruneBefore(cutoff: Date): Promise<number> {
      const deleted = await db.delete(analyticsEvents).where(lt(analyticsEvents.createdAt, cutoff)).returning({ id: analyticsEvents.id });
      return deleted.length;
    },
  };
}

export type AnalyticsQueries = ReturnType<typeof analyticsQueries>;
