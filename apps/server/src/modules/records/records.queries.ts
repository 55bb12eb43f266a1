import { and, asc, desc, eq, inArray, isNotNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { GENERATION_STAGES, SEARCH_RESULTS_LIMIT, type GenerationStage, type SearchResult } from '@selah/domain/records';
import type { Database } from '../../platform/db/client';
import {
  dataExports,
  defaultContent,
  defaultContentTranslations,
  generationCounters,
  personalizedJourneyDays,
  personalizedJourneys,
  personalizedJourneySegments,
  profiles,
  recordSearchText,
  records,
  recordSegments,
} from '../../platform/db/schema';
import { piecesNoLongerListed } from '../../platform/db/pieces';

export type RecordRow = typeof records.$inferSelect;

export interface NewRecord {
  id: string;
  userId: string;
  length: number;
  preference: string;
  experience: string;
  description: string;
  language: string;
  goals: string[];
}

/** Rows from `db.execute` (the PGlite and node-postgres drivers both answer with `rows`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** `%term%` for ILIKE, with the pattern characters of the term matched literally. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function recordQueries(db: Database) {
  // The hot reads are built once and prepared (named on PostgreSQL): a request only binds its values.
  const cursorAt = sql<string>`${records.createdAt}::text`;
  const firstPage = db
    .select({ record: records, cursorAt })
    .from(records)
    .where(eq(records.userId, sql.placeholder('userId')))
    .orderBy(desc(records.createdAt), desc(records.id))
    .limit(sql.placeholder('limit'))
    .prepare('records_first_page');
  const counters = sql<[string, number][] | null>`(
    SELECT json_agg(json_build_array(${generationCounters.monthKey}, ${generationCounters.count}))
    FROM ${generationCounters} WHERE ${generationCounters.userId} = ${sql.raw('"profiles"."user_id"')}
  )`;
  const statsQuery = db
    .select({ profile: profiles, counters })
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('generation_stats');
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
      // A prepared data export (issue 22) is the person's too.
      const exportUrls = await db
        .select({ url: dataExports.fileUrl })
        .from(dataExports)
        .where(and(eq(dataExports.userId, userId), isNotNull(dataExports.fileUrl)));
      // And the pieces published while their prayers and first days were voiced (issue 23).
      const recordPieces = await db
        .select({ url: recordSegments.url })
        .from(recordSegments)
        .innerJoin(records, eq(records.id, recordSegments.recordId))
        .where(eq(records.userId, userId));
      const dayPieces = await db
        .select({ url: personalizedJourneySegments.url })
        .from(personalizedJourneySegments)
        .innerJoin(personalizedJourneys, eq(personalizedJourneys.id, personalizedJourneySegments.journeyId))
        .where(eq(personalizedJourneys.userId, userId));
      return [...recordUrls, ...dayUrls, ...exportUrls, ...recordPieces, ...dayPieces]
        .map((row) => row.url)
        .filter((url): url is string => url !== null);
    },

    async profileOf(userId: string): Promise<{ language: string } | undefined> {
      const [row] = await db.select({ language: profiles.language }).from(profiles).where(eq(profiles.userId, userId));
      return row;
    },

    async byId(id: string): Promise<RecordRow | undefined> {
      const [row] = await db.select().from(records).where(eq(records.id, id));
      return row;
    },

    /**
     * Takes one unit of the month's quota and stores the record, in one transaction: answers 'limit' when
     * the month is used up (the conditional upsert holds the counter row's lock, so parallel requests cannot
     * overshoot), 'exists' (and takes nothing) when a record with this id already exists.
     */
    async createWithQuota(record: NewRecord, month: string, limit: number): Promise<'created' | 'exists' | 'limit'> {
      try {
        return await db.transaction(async (tx) => {
          const [existing] = await tx.select({ id: records.id }).from(records).where(eq(records.id, record.id));
          if (existing) return 'exists';
          const taken = rowsOf<{ count: number }>(
            await tx.execute(sql`
              INSERT INTO ${generationCounters} (user_id, month_key, count) VALUES (${record.userId}, ${month}, 1)
              ON CONFLICT (user_id, month_key) DO UPDATE SET count = ${generationCounters}.count + 1
              WHERE ${generationCounters}.count < ${limit}
              RETURNING count`),
          );
          if (taken.length === 0) return 'limit';
          const inserted = await tx
            .insert(records)
            .values({ ...record, status: 'pending', isDefault: false })
            .onConflictDoNothing({ target: records.id })
            .returning({ id: records.id });
          // The same id created by a parallel request: give the unit back.
          if (inserted.length === 0) throw new SameIdRace();
          return 'created';
        });
      } catch (error) {
        if (error instanceof SameIdRace) return 'exists';
        throw error;
      }
    },

    /** The user's latest records the dashboard shows (completed, pending, processing), newest first. */
    async recent(userId: string, limit: number): Promise<RecordRow[]> {
      return db
        .select()
        .from(records)
        .where(and(eq(records.userId, userId), inArray(records.status, ['completed', 'pending', 'processing'])))
        .orderBy(desc(records.createdAt))
        .limit(limit);
    },

    /** The user's records newest first, `limit` of them after the cursor (created_at and id of the last one). */
    async page(userId: string, limit: number, after?: { createdAt: string; id: string }) {
      if (!after) {
        const rows = await firstPage.execute({ userId, limit: limit + 1 });
        return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
      }
      const rows = await db
        .select({ record: records, cursorAt })
        .from(records)
        .where(
          and(
            eq(records.userId, userId),
            after
              ? or(
                  lt(records.createdAt, sql`${after.createdAt}::timestamptz`),
                  and(eq(records.createdAt, sql`${after.createdAt}::timestamptz`), lt(records.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(records.createdAt), desc(records.id))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
    },

    /**
     * Moves a record along its lifecycle, forward only: never touches a completed one, and never sets a stage
     * before the one it is at (a late or repeated step changes nothing; a run that starts over went back to
     * pending first, requeue). Returns the updated row, or undefined when nothing moved.
     */
    async setProcessing(id: string, stage: GenerationStage): Promise<RecordRow | undefined> {
      const rank = GENERATION_STAGES.indexOf(stage);
      const [row] = await db
        .update(records)
        .set({ status: 'processing', stage, error: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(records.id, id),
            notInArray(records.status, ['completed']),
            sql`(${records.status} <> 'processing' OR ${records.stage} IS NULL OR array_position(ARRAY['writing', 'voicing', 'finishing']::text[], ${records.stage}::text) - 1 <= ${rank})`,
          ),
        )
        .returning();
      return row;
    },

    async complete(
      id: string,
      result: { title: string; text: string; slug: string; audioUrl: string; duration: number; image: string | null },
    ): Promise<RecordRow | undefined> {
      const [row] = await db
        .update(records)
        .set({
          status: 'completed',
          stage: null,
          error: null,
          title: result.title,
          recordText: result.text,
          slug: result.slug,
          audioUrl: result.audioUrl,
          duration: result.duration,
          image: result.image,
          updatedAt: sql`now()`,
        })
        .where(and(eq(records.id, id), notInArray(records.status, ['completed'])))
        .returning();
      return row;
    },

    /** Marks failed with the message, unless the record already completed (spec section 4). */
    async fail(id: string, message: string): Promise<RecordRow | undefined> {
      const [row] = await db
        .update(records)
        .set({ status: 'failed', stage: null, error: message.slice(0, 500), updatedAt: sql`now()` })
        .where(and(eq(records.id, id), notInArray(records.status, ['completed', 'failed'])))
        .returning();
      return row;
    },

    /**
     * One more piece of the audio published while it is voiced (issue 23), in order from 0: answers the record
     * while it is still processing (then the piece is listed), undefined otherwise. The title and words, when
     * given, are shown from then on (the player names what it plays, and shows what is being said).
     */
    async addSegment(
      id: string,
      position: number,
      segment: { url: string; seconds: number },
      words?: { title: string; text: string },
    ): Promise<RecordRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(records)
          .set({
            streamSeconds: sql`coalesce(${records.streamSeconds}, 0) + ${segment.seconds}`,
            ...(words ? { title: words.title, recordText: words.text } : {}),
            updatedAt: sql`now()`,
          })
          .where(and(eq(records.id, id), eq(records.status, 'processing')))
          .returning();
        if (!row) return undefined;
        await tx
          .insert(recordSegments)
          .values({ recordId: id, position, ...segment })
          .onConflictDoUpdate({ target: [recordSegments.recordId, recordSegments.position], set: segment });
        return row;
      });
    },

    /**
     * A generation starts over: what an earlier try published is no longer its audio. Answers its files that
     * nothing else lists.
     */
    async clearSegments(id: string): Promise<string[]> {
      const removed = await db.transaction(async (tx) => {
        const rows = await tx.delete(recordSegments).where(eq(recordSegments.recordId, id)).returning({ url: recordSegments.url });
        await tx.update(records).set({ streamSeconds: null }).where(eq(records.id, id));
        return rows.map((segment) => segment.url);
      });
      return piecesNoLongerListed(db, removed);
    },

    /** A person's record's published pieces, in order, with its status; undefined when it is not theirs. */
    async segmentsOf(id: string, userId: string) {
      const [record] = await db
        .select({ status: records.status, streamSeconds: records.streamSeconds })
        .from(records)
        .where(and(eq(records.id, id), eq(records.userId, userId)));
      if (!record) return undefined;
      const segments = await db
        .select({ url: recordSegments.url, seconds: recordSegments.seconds })
        .from(recordSegments)
        .where(eq(recordSegments.recordId, id))
        .orderBy(asc(recordSegments.position));
      return { ...record, segments };
    },

    /** A record whose worker died goes back to pending: its work starts over on another worker. */
    async requeue(id: string): Promise<RecordRow | undefined> {
      const [row] = await db
        .update(records)
        .set({ status: 'pending', stage: null, streamSeconds: null, updatedAt: sql`now()` })
        .where(and(eq(records.id, id), inArray(records.status, ['pending', 'processing'])))
        .returning();
      return row;
    },

    /** A failed record goes back to pending for another try. */
    async resetFailed(id: string, userId: string): Promise<RecordRow | undefined> {
      const [row] = await db
        .update(records)
        .set({ status: 'pending', stage: null, error: null, updatedAt: sql`now()` })
        .where(and(eq(records.id, id), eq(records.userId, userId), eq(records.status, 'failed')))
        .returning();
      return row;
    },

    /** Records left pending or processing for longer than the cutoff (their job died with its process). */
    async failStale(olderThanSeconds: number, message: string): Promise<RecordRow[]> {
      return db
        .update(records)
        .set({ status: 'failed', stage: null, error: message, updatedAt: sql`now()` })
        .where(
          and(
            inArray(records.status, ['pending', 'processing']),
            isNotNull(records.userId),
            lt(records.updatedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
          ),
        )
        .returning();
    },

    /** The person's profile row (plan, language) and generation counters: one query (GET /api/user/generation-stats). */
    async statsOf(userId: string) {
      const [found] = await statsQuery.execute({ userId });
      if (!found) return undefined;
      const monthlyCount = Object.fromEntries((found.counters ?? []).map(([month, count]) => [month, Number(count)]));
      const totalCount = Object.values(monthlyCount).reduce((sum, count) => sum + count, 0);
      return { profile: found.profile, totalCount, monthlyCount };
    },

    async generationStats(userId: string): Promise<{ totalCount: number; monthlyCount: Record<string, number> }> {
      const rows = await db
        .select({ monthKey: generationCounters.monthKey, count: generationCounters.count })
        .from(generationCounters)
        .where(eq(generationCounters.userId, userId));
      const monthlyCount = Object.fromEntries(rows.map((row) => [row.monthKey, row.count]));
      return { totalCount: rows.reduce((sum, row) => sum + row.count, 0), monthlyCount };
    },

    /**
     * Case-insensitive substring match over the user's completed records (title, preference, description;
     * the trigram index serves it) and active default content in the language (fallback en), newest first.
     */
    async search(userId: string, term: string, language: string): Promise<SearchResult[]> {
      const pattern = containsPattern(term);
      const own = await db
        .select()
        .from(records)
        .where(and(eq(records.userId, userId), eq(records.status, 'completed'), sql`${recordSearchText(records)} ILIKE ${pattern}`))
        .orderBy(desc(records.createdAt))
        .limit(SEARCH_RESULTS_LIMIT);
      const defaults = rowsOf<{
        id: string;
        title: string;
        text: string;
        audio_url: string;
        duration: number | null;
        preference: string;
        slug: string;
        created_at: string | Date;
      }>(
        await db.execute(sql`
          SELECT * FROM (
            SELECT DISTINCT ON (c.id) c.id, t.title, t.text, t.audio_url, t.duration, c.preference, c.slug, c.created_at
            FROM ${defaultContent} c JOIN ${defaultContentTranslations} t ON t.content_id = c.id
            WHERE c.is_active AND t.audio_url IS NOT NULL AND t.language IN (${language}, 'en')
            ORDER BY c.id, (t.language = ${language}) DESC
          ) chosen
          WHERE (chosen.title || ' ' || chosen.preference) ILIKE ${pattern}
          ORDER BY chosen.created_at DESC
          LIMIT ${SEARCH_RESULTS_LIMIT}`),
      );
      const results: SearchResult[] = [
        ...own.map((row) => ({
          id: row.id,
          isDefault: false,
          title: row.title ?? '',
          text: row.recordText ?? '',
          audioUrl: row.audioUrl ?? '',
          duration: row.duration ?? 0,
          preference: row.preference,
          slug: row.slug,
          createdAt: row.createdAt.toISOString(),
        })),
        ...defaults.map((row) => ({
          id: row.id,
          isDefault: true,
          title: row.title,
          text: row.text,
          audioUrl: row.audio_url,
          duration: row.duration ?? 0,
          preference: row.preference,
          slug: row.slug,
          createdAt: new Date(row.created_at).toISOString(),
        })),
      ];
      return results.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, SEARCH_RESULTS_LIMIT);
    },
  };
}

class SameIdRace extends Error {}

export type RecordQueries = ReturnType<typeof recordQueries>;
