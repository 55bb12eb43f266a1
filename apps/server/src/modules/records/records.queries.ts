import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { personalizedJourneyDays, personalizedJourneys, records } from '../../platform/db/schema';

export function recordQueries(db: Database) {
  return {
    /**
     * Gives records created for this email before the account existed to the user, oldest first,
     * at most `limit` of them. Returns how many were claimed.
     */
    async claimPending(userId: string, email: string, limit: number): Promise<number> {
      const waiting = db
        .select({ id: records.id })
        .from(records)
        .where(and(eq(records.pendingUserId, email.toLowerCase()), eq(records.claimed, false)))
        .orderBy(asc(records.createdAt))
        .limit(limit);
      const claimed = await db
        .update(records)
        .set({ userId, claimed: true, updatedAt: sql`now()` })
        .where(inArray(records.id, waiting))
        .returning({ id: records.id });
      return claimed.length;
    },
    /** Records still waiting for this email address (created for it before the account existed). */
    async deletePendingFor(email: string): Promise<void> {
      await db.delete(records).where(and(eq(records.pendingUserId, email.toLowerCase()), eq(records.claimed, false)));
    },
    /** Every media URL the user's data points at (their prayers and personalized journey days). */
    async mediaUrlsOfUser(userId: string): Promise<string[]> {
      const recordUrls = await db
        .select({ url: records.audioUrl })
        .from(records)
        .where(and(eq(records.userId, userId), isNotNull(records.audioUrl)));
      const dayUrls = await db
        .select({ url: personalizedJourneyDays.audioUrl })
        .from(personalizedJourneyDays)
        .innerJoin(personalizedJourneys, eq(personalizedJourneys.id, personalizedJourneyDays.journeyId))
        .where(and(eq(personalizedJourneys.userId, userId), isNotNull(personalizedJourneyDays.audioUrl)));
      return [...recordUrls, ...dayUrls].map((row) => row.url).filter((url): url is string => url !== null);
    },
  };
}

export type RecordQueries = ReturnType<typeof recordQueries>;
