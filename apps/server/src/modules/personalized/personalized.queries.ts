import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PersonalizedDay, PersonalizedJourney } from '@selah/domain/personalized';
import type { Database } from '../../platform/db/client';
import { personalizedJourneyDays, personalizedJourneys } from '../../platform/db/schema';

type JourneyRow = typeof personalizedJourneys.$inferSelect;
type DayRow = typeof personalizedJourneyDays.$inferSelect;

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

export const journeyFromRow = (row: JourneyRow): PersonalizedJourney => ({
  id: row.id,
  userId: row.userId,
  journeyType: 'ancestors',
  input: row.input,
  status: row.status,
  currentDay: row.currentDay,
  totalDays: row.totalDays,
  language: (['en', 'es', 'pl'] as const).find((language) => language === row.language) ?? 'en',
  startedAt: iso(row.startedAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  completedAt: iso(row.completedAt),
  error: row.error,
  title: row.title,
  subtitle: row.subtitle,
});

export const dayFromRow = (row: DayRow): PersonalizedDay => ({
  journeyId: row.journeyId,
  dayNumber: row.dayNumber,
  status: row.status,
  title: row.title,
  subtitle: row.subtitle,
  audioUrl: row.audioUrl,
  duration: row.duration,
  bibleVerse: { text: row.verseText, reference: row.verseReference },
  reflection: row.reflection,
  prayer: row.prayer,
  availableAt: iso(row.availableAt),
  completedAt: iso(row.completedAt),
});

export interface GeneratedDay {
  dayNumber: number;
  title: string;
  subtitle: string;
  bibleVerse: { text: string; reference: string };
  reflection: string;
  prayer: string;
  audioUrl: string;
  duration: number;
}

export function personalizedQueries(db: Database) {
  return {
    /** Stores a new journey (generating); 'exists' when this id is already taken. */
    async create(journey: {
      id: string;
      userId: string;
      input: string;
      language: string;
      totalDays: number;
    }): Promise<'created' | 'exists'> {
      const inserted = await db
        .insert(personalizedJourneys)
        .values({ ...journey, journeyType: 'ancestors', status: 'generating' })
        .onConflictDoNothing({ target: personalizedJourneys.id })
        .returning({ id: personalizedJourneys.id });
      return inserted.length > 0 ? 'created' : 'exists';
    },

    async byId(id: string): Promise<PersonalizedJourney | undefined> {
      const [row] = await db.select().from(personalizedJourneys).where(eq(personalizedJourneys.id, id));
      return row ? journeyFromRow(row) : undefined;
    },

    async days(journeyId: string): Promise<PersonalizedDay[]> {
      const rows = await db
        .select()
        .from(personalizedJourneyDays)
        .where(eq(personalizedJourneyDays.journeyId, journeyId))
        .orderBy(asc(personalizedJourneyDays.dayNumber));
      return rows.map(dayFromRow);
    },

    async ofUser(userId: string): Promise<PersonalizedJourney[]> {
      const rows = await db
        .select()
        .from(personalizedJourneys)
        .where(eq(personalizedJourneys.userId, userId))
        .orderBy(desc(personalizedJourneys.createdAt));
      return rows.map(journeyFromRow);
    },

    /** Generating again: back to generating with the error cleared (only from failed). */
    async retry(id: string, userId: string): Promise<PersonalizedJourney | undefined> {
      const [row] = await db
        .update(personalizedJourneys)
        .set({ status: 'generating', error: null, updatedAt: sql`now()` })
        .where(and(eq(personalizedJourneys.id, id), eq(personalizedJourneys.userId, userId), eq(personalizedJourneys.status, 'failed')))
        .returning();
      return row ? journeyFromRow(row) : undefined;
    },

    /** The written and voiced days are stored and the journey becomes active, all at once. */
    async activate(id: string, meta: { title: string; subtitle: string; startedAt: Date }, days: (GeneratedDay & { availableAt: Date })[]) {
      return db.transaction(async (tx) => {
        await tx.delete(personalizedJourneyDays).where(eq(personalizedJourneyDays.journeyId, id));
        await tx.insert(personalizedJourneyDays).values(
          days.map((day) => ({
            journeyId: id,
            dayNumber: day.dayNumber,
            status: 'generated' as const,
            title: day.title,
            subtitle: day.subtitle,
            audioUrl: day.audioUrl,
            duration: day.duration,
            verseText: day.bibleVerse.text,
            verseReference: day.bibleVerse.reference,
            reflection: day.reflection,
            prayer: day.prayer,
            availableAt: day.availableAt,
          })),
        );
        const [row] = await tx
          .update(personalizedJourneys)
          .set({
            status: 'active',
            error: null,
            currentDay: 1,
            title: meta.title,
            subtitle: meta.subtitle,
            startedAt: meta.startedAt,
            updatedAt: sql`now()`,
          })
          .where(eq(personalizedJourneys.id, id))
          .returning();
        return row ? journeyFromRow(row) : undefined;
      });
    },

    /** Failed with the message, unless already active or completed (spec section 4). */
    async fail(id: string, message: string): Promise<PersonalizedJourney | undefined> {
      const [row] = await db
        .update(personalizedJourneys)
        .set({ status: 'failed', error: message.slice(0, 500), updatedAt: sql`now()` })
        .where(and(eq(personalizedJourneys.id, id), eq(personalizedJourneys.status, 'generating')))
        .returning();
      return row ? journeyFromRow(row) : undefined;
    },

    async saveCompletion(journey: PersonalizedJourney, day: PersonalizedDay): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(personalizedJourneyDays)
          .set({ status: day.status, completedAt: day.completedAt ? new Date(day.completedAt) : null })
          .where(and(eq(personalizedJourneyDays.journeyId, journey.id), eq(personalizedJourneyDays.dayNumber, day.dayNumber)));
        await tx
          .update(personalizedJourneys)
          .set({
            status: journey.status,
            currentDay: journey.currentDay,
            completedAt: journey.completedAt ? new Date(journey.completedAt) : null,
            updatedAt: new Date(journey.updatedAt),
          })
          .where(eq(personalizedJourneys.id, journey.id));
      });
    },
  };
}

export type PersonalizedQueries = ReturnType<typeof personalizedQueries>;
