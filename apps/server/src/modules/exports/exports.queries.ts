import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import {
  dataExports,
  personalizedJourneyDays,
  personalizedJourneys,
  prayerDays,
  profiles,
  records,
  userJourneyProgress,
} from '../../platform/db/schema';

export type ExportRow = typeof dataExports.$inferSelect;

export function exportsQueries(db: Database) {
  return {
    async create(row: { id: string; userId: string; createdAt: Date }): Promise<ExportRow> {
      const [created] = await db.insert(dataExports).values(row).returning();
      return created!;
    },
    async latest(userId: string): Promise<ExportRow | undefined> {
      const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.createdAt)).limit(1);
      return row;
    },
    async countSince(userId: string, since: Date): Promise<number> {
      const rows = await db
        .select({ id: dataExports.id })
        .from(dataExports)
        .where(and(eq(dataExports.userId, userId), gte(dataExports.createdAt, since)));
      return rows.length;
    },
    async byId(id: string): Promise<ExportRow | undefined> {
      const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
      return row;
    },
    async markReady(id: string, values: { fileUrl: string; sizeBytes: number; readyAt: Date; expiresAt: Date }): Promise<void> {
      await db
        .update(dataExports)
        .set({ status: 'ready', ...values })
        .where(eq(dataExports.id, id));
    },
    async markFailed(id: string): Promise<void> {
      await db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, id));
    },
    /** Ready exports past their time, for removal. */
    async expiredBefore(at: Date): Promise<ExportRow[]> {
      return db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, at)));
    },
    async markExpired(ids: string[]): Promise<void> {
      if (ids.length > 0) await db.update(dataExports).set({ status: 'expired', fileUrl: null }).where(inArray(dataExports.id, ids));
    },

    // ---- what an export holds: this person's rows only ----
    async profileOf(userId: string) {
      const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      return row;
    },
    async recordsOf(userId: string) {
      return db.select().from(records).where(eq(records.userId, userId)).orderBy(asc(records.createdAt));
    },
    async journeyProgressOf(userId: string) {
      return db.select().from(userJourneyProgress).where(eq(userJourneyProgress.userId, userId));
    },
    async personalizedOf(userId: string) {
      const journeys = await db
        .select()
        .from(personalizedJourneys)
        .where(eq(personalizedJourneys.userId, userId))
        .orderBy(asc(personalizedJourneys.createdAt));
      const days =
        journeys.length === 0
          ? []
          : await db
              .select()
              .from(personalizedJourneyDays)
              .where(
                inArray(
                  personalizedJourneyDays.journeyId,
                  journeys.map((journey) => journey.id),
                ),
              )
              .orderBy(asc(personalizedJourneyDays.dayNumber));
      return journeys.map((journey) => ({ ...journey, days: days.filter((day) => day.journeyId === journey.id) }));
    },
    async prayerDaysOf(userId: string) {
      const rows = await db
        .select({ day: prayerDays.day })
        .from(prayerDays)
        .where(eq(prayerDays.userId, userId))
        .orderBy(asc(prayerDays.day));
      return rows.map((row) => row.day);
    },
  };
}
export type ExportsQueries = ReturnType<typeof exportsQueries>;
