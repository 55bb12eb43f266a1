import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { JourneyProgress } from '@selah/domain/journeys';
import type { Database } from '../../platform/db/client';
import { journeyDayTranslations, prayerJourneys, prayerJourneyTranslations, userJourneyProgress } from '../../platform/db/schema';

type ProgressRow = typeof userJourneyProgress.$inferSelect;

export const progressFromRow = (row: ProgressRow): JourneyProgress => ({
  userId: row.userId,
  journeyId: row.journeyId,
  language: (['en', 'es', 'pl'] as const).find((language) => language === row.language) ?? 'en',
  completedDays: [...row.completedDays].sort((a, b) => a - b),
  currentDay: row.currentDay,
  lastCompletedDay: row.lastCompletedDay,
  lastPlayedAt: row.lastPlayedAt?.toISOString() ?? null,
  lastPlayedDay: row.lastPlayedDay,
  audioProgress: row.audioProgress,
  startedAt: row.startedAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  isActive: row.isActive,
});

export function journeyQueries(db: Database) {
  // The journey's length, the longest translation's, while it is active. The outer row's column is named in full:
  // Drizzle leaves a one-table select's columns unqualified, and inside the subquery journey_id would be the
  // translation's.
  const totalDays = sql<number | string | null>`(
    SELECT max(${prayerJourneyTranslations.totalDays}) FROM ${prayerJourneyTranslations}
    JOIN ${prayerJourneys} ON ${prayerJourneys.id} = ${prayerJourneyTranslations.journeyId}
    WHERE ${prayerJourneyTranslations.journeyId} = ${sql.raw('"user_journey_progress"."journey_id"')} AND ${prayerJourneys.isActive}
  )`;
  // Built once and prepared (named on PostgreSQL): GET /api/journey-progress only binds the id.
  const progressWithLengths = db
    .select({ row: userJourneyProgress, totalDays })
    .from(userJourneyProgress)
    .where(eq(userJourneyProgress.userId, sql.placeholder('userId')))
    .prepare('journey_progress_with_lengths');
  return {
    /** Active journeys in order, with every translation (the service picks the language). */
    async activeJourneys() {
      const journeys = await db
        .select()
        .from(prayerJourneys)
        .where(eq(prayerJourneys.isActive, true))
        .orderBy(asc(prayerJourneys.order), asc(prayerJourneys.id));
      if (journeys.length === 0) return [];
      const translations = await db
        .select()
        .from(prayerJourneyTranslations)
        .where(
          inArray(
            prayerJourneyTranslations.journeyId,
            journeys.map((journey) => journey.id),
          ),
        );
      return journeys.map((journey) => ({ journey, translations: translations.filter((t) => t.journeyId === journey.id) }));
    },

    async journey(id: string) {
      const [journey] = await db
        .select()
        .from(prayerJourneys)
        .where(and(eq(prayerJourneys.id, id), eq(prayerJourneys.isActive, true)));
      if (!journey) return undefined;
      const translations = await db.select().from(prayerJourneyTranslations).where(eq(prayerJourneyTranslations.journeyId, id));
      return { journey, translations };
    },

    /** Every translation of the journey's days, by day number. */
    async days(journeyId: string) {
      return db
        .select()
        .from(journeyDayTranslations)
        .where(eq(journeyDayTranslations.journeyId, journeyId))
        .orderBy(asc(journeyDayTranslations.dayNumber));
    },

    async progress(id: string): Promise<JourneyProgress | undefined> {
      const [row] = await db.select().from(userJourneyProgress).where(eq(userJourneyProgress.id, id));
      return row ? progressFromRow(row) : undefined;
    },

    /**
     * A person's progress in the active journeys, each with its journey's length (the longest translation):
     * one query on the person's index.
     */
    async progressWithLengths(userId: string): Promise<{ progress: JourneyProgress; totalDays: number }[]> {
      const rows = await progressWithLengths.execute({ userId });
      // No length: the journey is not active (or gone), and its progress is not shown.
      return rows.flatMap(({ row, totalDays: days }) =>
        days === null ? [] : [{ progress: progressFromRow(row), totalDays: Math.max(0, Number(days)) }],
      );
    },

    async saveProgress(id: string, progress: JourneyProgress): Promise<void> {
      const values = {
        userId: progress.userId,
        journeyId: progress.journeyId,
        language: progress.language,
        completedDays: progress.completedDays,
        currentDay: progress.currentDay,
        lastCompletedDay: progress.lastCompletedDay,
        lastPlayedAt: progress.lastPlayedAt ? new Date(progress.lastPlayedAt) : null,
        lastPlayedDay: progress.lastPlayedDay,
        audioProgress: progress.audioProgress,
        startedAt: new Date(progress.startedAt),
        updatedAt: new Date(progress.updatedAt),
        isActive: progress.isActive,
      };
      await db
        .insert(userJourneyProgress)
        .values({ id, ...values })
        .onConflictDoUpdate({ target: userJourneyProgress.id, set: values });
    },
  };
}

export type JourneyQueries = ReturnType<typeof journeyQueries>;
