import { and, eq, gte } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { prayerDays, profiles } from '../../platform/db/schema';

export function habitQueries(db: Database) {
  return {
    /** Counts a day once: a second listen that day changes nothing. */
    async markPrayed(userId: string, day: string, timeZone: string): Promise<void> {
      await db.insert(prayerDays).values({ userId, day, timeZone }).onConflictDoNothing();
    },

    /** The days prayed from `since` on (one indexed range of the primary key). */
    async daysSince(userId: string, since: string): Promise<string[]> {
      const rows = await db
        .select({ day: prayerDays.day })
        .from(prayerDays)
        .where(and(eq(prayerDays.userId, userId), gte(prayerDays.day, since)));
      return rows.map((row) => row.day);
    },

    async settings(userId: string): Promise<{ visible: boolean; restDays: number[]; timeZone: string } | undefined> {
      const [row] = await db
        .select({ visible: profiles.habitVisible, restDays: profiles.restDays, timeZone: profiles.timeZone })
        .from(profiles)
        .where(eq(profiles.userId, userId));
      return row;
    },

    async updateSettings(userId: string, values: { habitVisible?: boolean; restDays?: number[] }): Promise<void> {
      await db.update(profiles).set(values).where(eq(profiles.userId, userId));
    },
  };
}
export type HabitQueries = ReturnType<typeof habitQueries>;
