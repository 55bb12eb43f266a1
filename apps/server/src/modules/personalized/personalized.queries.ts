import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { PersonalizedDay, PersonalizedJourney } from '@selah/domain/personalized';
import type { Database } from '../../platform/db/client';
import { personalizedJourneyDays, personalizedJourneys, personalizedJourneySegments, profiles } from '../../platform/db/schema';
import { piecesNoLongerListed } from '../../platform/db/pieces';

type JourneyRow = typeof personalizedJourneys.$inferSelect;
type DayRow = typeof personalizedJourneyDays.$inferSelect;

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** The journey this person has being made (one at a time), or null. */
async function generatingOf(db: Pick<Database, 'select'>, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: personalizedJourneys.id })
    .from(personalizedJourneys)
    .where(and(eq(personalizedJourneys.userId, userId), eq(personalizedJourneys.status, 'generating')))
    .limit(1);
  return row?.id ?? null;
}

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

/** A journey as the service reads it: with the length of its first day while that is heard as it is voiced. */
export type StoredJourney = PersonalizedJourney & { streamPlannedSeconds: number | null };

const storedFromRow = (row: JourneyRow): StoredJourney => ({ ...journeyFromRow(row), streamPlannedSeconds: row.streamPlannedSeconds });

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

/** Rows from `db.execute` (the PGlite and node-postgres drivers both answer with `rows`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export function personalizedQueries(db: Database) {
  /** Whether a job of this name for this journey is waiting, retrying or running (pg-boss's job table). */
  async function hasLiveJob(jobName: string, id: string): Promise<boolean> {
    const table = rowsOf<{ exists: boolean }>(await db.execute(sql`select to_regclass('pgboss.job') is not null as "exists"`));
    if (!table[0]?.exists) return false;
    const live = await db.execute(
      sql`select 1 from pgboss.job where name = ${jobName} and data->>'journeyId' = ${id} and state in ('created', 'retry', 'active') limit 1`,
    );
    return rowsOf(live).length > 0;
  }

  return {
    /**
     * Days of active journeys whose time to open came in [from, to) and whose previous day is completed: the
     * days that opened then (a day opens when both hold; day 1 opens with the journey).
     */
    async daysOpenedBetween(from: Date, to: Date) {
      const previous = sql`(SELECT p.status FROM personalized_journey_days p WHERE p.journey_id = ${personalizedJourneyDays.journeyId} AND p.day_number = ${personalizedJourneyDays.dayNumber} - 1)`;
      return db
        .select({
          userId: personalizedJourneys.userId,
          journeyId: personalizedJourneys.id,
          journeyType: personalizedJourneys.journeyType,
          dayNumber: personalizedJourneyDays.dayNumber,
          title: personalizedJourneyDays.title,
        })
        .from(personalizedJourneyDays)
        .innerJoin(personalizedJourneys, eq(personalizedJourneys.id, personalizedJourneyDays.journeyId))
        .where(
          and(
            eq(personalizedJourneys.status, 'active'),
            sql`${personalizedJourneyDays.dayNumber} > 1`,
            sql`${personalizedJourneyDays.status} <> 'completed'`,
            gte(personalizedJourneyDays.availableAt, from),
            lt(personalizedJourneyDays.availableAt, to),
            sql`${previous} = 'completed'`,
          ),
        );
    },

    /**
     * Stores a new journey (generating) unless the id exists ('exists'), the person already has one generating, or
     * the day's cap is reached (journeys started since `since`). The person's profile row is locked for the check
     * and the insert, so parallel requests are counted one after another (on PGlite and on a PostgreSQL pool alike).
     */
    async create(
      journey: { id: string; userId: string; input: string; language: string; totalDays: number },
      limits: { perDay: number; since: Date; now: Date },
    ): Promise<'created' | 'exists' | 'in_progress' | 'limit_reached'> {
      return db.transaction(async (tx) => {
        await tx.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.userId, journey.userId)).for('update');
        const [existing] = await tx
          .select({ id: personalizedJourneys.id })
          .from(personalizedJourneys)
          .where(eq(personalizedJourneys.id, journey.id));
        if (existing) return 'exists';
        if (await generatingOf(tx, journey.userId)) return 'in_progress';
        const [recent] = await tx
          .select({ count: count() })
          .from(personalizedJourneys)
          .where(and(eq(personalizedJourneys.userId, journey.userId), gte(personalizedJourneys.createdAt, limits.since)));
        if ((recent?.count ?? 0) >= limits.perDay) return 'limit_reached';
        const inserted = await tx
          .insert(personalizedJourneys)
          .values({ ...journey, journeyType: 'ancestors', status: 'generating', createdAt: limits.now, updatedAt: limits.now })
          .onConflictDoNothing({ target: personalizedJourneys.id })
          .returning({ id: personalizedJourneys.id });
        return inserted.length > 0 ? 'created' : 'exists';
      });
    },

    /** The journey being made, and the journeys started since `since` (oldest first): what a person may start. */
    async startedSince(userId: string, since: Date): Promise<{ generatingId: string | null; started: Date[] }> {
      const generatingId = await generatingOf(db, userId);
      const started = await db
        .select({ createdAt: personalizedJourneys.createdAt })
        .from(personalizedJourneys)
        .where(and(eq(personalizedJourneys.userId, userId), gte(personalizedJourneys.createdAt, since)))
        .orderBy(asc(personalizedJourneys.createdAt));
      return { generatingId, started: started.map((row) => new Date(row.createdAt)) };
    },

    async byId(id: string): Promise<StoredJourney | undefined> {
      const [row] = await db.select().from(personalizedJourneys).where(eq(personalizedJourneys.id, id));
      return row ? storedFromRow(row) : undefined;
    },

    /**
     * One more piece of day 1 published while it is voiced (issue 23), in order from 0, with the length the day is
     * made to: answers the journey while it is still generating (then the piece is listed), undefined otherwise.
     */
    async addStreamSegment(
      id: string,
      position: number,
      segment: { url: string; seconds: number },
      plannedSeconds: number,
    ): Promise<PersonalizedJourney | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(personalizedJourneys)
          .set({
            streamPlannedSeconds: sql`coalesce(${personalizedJourneys.streamPlannedSeconds}, ${plannedSeconds})`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(personalizedJourneys.id, id), eq(personalizedJourneys.status, 'generating')))
          .returning();
        if (!row) return undefined;
        await tx
          .insert(personalizedJourneySegments)
          .values({ journeyId: id, position, ...segment })
          .onConflictDoUpdate({ target: [personalizedJourneySegments.journeyId, personalizedJourneySegments.position], set: segment });
        return journeyFromRow(row);
      });
    },

    /** Every piece of day 1 is out: its playlist ends. */
    async endStream(id: string): Promise<void> {
      await db.update(personalizedJourneys).set({ streamEnded: true }).where(eq(personalizedJourneys.id, id));
    },

    /** A generation starts over: what an earlier try published is no longer day 1. Answers its files nothing else lists. */
    async clearStream(id: string): Promise<string[]> {
      const removed = await db.transaction(async (tx) => {
        const rows = await tx
          .delete(personalizedJourneySegments)
          .where(eq(personalizedJourneySegments.journeyId, id))
          .returning({ url: personalizedJourneySegments.url });
        await tx
          .update(personalizedJourneys)
          .set({ streamPlannedSeconds: null, streamEnded: false })
          .where(eq(personalizedJourneys.id, id));
        return rows.map((segment) => segment.url);
      });
      return piecesNoLongerListed(db, removed);
    },

    /** A person's journey's published pieces of day 1, in order, and whether they are all out; undefined when it is not theirs. */
    async streamOf(id: string, userId: string) {
      const [journey] = await db
        .select({ status: personalizedJourneys.status, ended: personalizedJourneys.streamEnded })
        .from(personalizedJourneys)
        .where(and(eq(personalizedJourneys.id, id), eq(personalizedJourneys.userId, userId)));
      if (!journey) return undefined;
      const segments = await db
        .select({ url: personalizedJourneySegments.url, seconds: personalizedJourneySegments.seconds })
        .from(personalizedJourneySegments)
        .where(eq(personalizedJourneySegments.journeyId, id))
        .orderBy(asc(personalizedJourneySegments.position));
      return { ...journey, segments };
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
    async retry(id: string, userId: string, now: Date): Promise<StoredJourney | undefined> {
      const [row] = await db
        .update(personalizedJourneys)
        .set({ status: 'generating', error: null, updatedAt: now, streamPlannedSeconds: null, streamEnded: false })
        .where(
          and(
            eq(personalizedJourneys.id, id),
            eq(personalizedJourneys.userId, userId),
            eq(personalizedJourneys.status, 'failed'),
            // One journey generates at a time per person.
            sql`not exists (select 1 from personalized_journeys other where other.user_id = ${userId} and other.status = 'generating')`,
          ),
        )
        .returning();
      return row ? storedFromRow(row) : undefined;
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
    /**
     * Journeys generating since before `cutoff` whose job is no longer queued or running (pg-boss gave it up:
     * its tries ran out, or its process died on every one): they fail with `error`, so the person can retry.
     * `olderThan` fails them even if a job row still claims to run (a worker stuck that long is gone).
     */
    async failAbandoned(jobName: string, cutoff: Date, olderThan: Date, error: string): Promise<PersonalizedJourney[]> {
      const candidates = await db
        .select({ id: personalizedJourneys.id, updatedAt: personalizedJourneys.updatedAt })
        .from(personalizedJourneys)
        .where(and(eq(personalizedJourneys.status, 'generating'), lt(personalizedJourneys.updatedAt, cutoff)));
      const failed: PersonalizedJourney[] = [];
      for (const candidate of candidates) {
        if (candidate.updatedAt >= olderThan && (await hasLiveJob(jobName, candidate.id))) continue;
        const [row] = await db
          .update(personalizedJourneys)
          .set({ status: 'failed', error, updatedAt: sql`now()` })
          .where(and(eq(personalizedJourneys.id, candidate.id), eq(personalizedJourneys.status, 'generating')))
          .returning();
        if (row) failed.push(journeyFromRow(row));
      }
      return failed;
    },

    hasLiveJob,

    /** A generating journey whose job is gone starts again (updatedAt now, error cleared). */
    async restart(id: string, userId: string, now: Date): Promise<StoredJourney | undefined> {
      const [row] = await db
        .update(personalizedJourneys)
        .set({ status: 'generating', error: null, updatedAt: now, streamPlannedSeconds: null, streamEnded: false })
        .where(and(eq(personalizedJourneys.id, id), eq(personalizedJourneys.userId, userId), eq(personalizedJourneys.status, 'generating')))
        .returning();
      return row ? storedFromRow(row) : undefined;
    },

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
