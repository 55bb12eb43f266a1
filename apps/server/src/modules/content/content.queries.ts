import { and, asc, desc, eq, inArray, isNotNull, lte, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import {
  backgroundSounds,
  categories,
  categoryTranslations,
  contentImports,
  dailyPrayerCycle,
  dailyPrayerTranslations,
  dailyPrayers,
  defaultContent,
  defaultContentTranslations,
  journeyDays,
  journeyDayTranslations,
  prayerJourneys,
  prayerJourneyTranslations,
  type CycleTranslation,
} from '../../platform/db/schema';

export function contentQueries(db: Database) {
  return {
    async upsertCategory(id: string, order: number, names: Record<string, string>): Promise<void> {
      await db.insert(categories).values({ id, order }).onConflictDoUpdate({ target: categories.id, set: { order } });
      for (const [language, name] of Object.entries(names)) {
        await db
          .insert(categoryTranslations)
          .values({ categoryId: id, language, name })
          .onConflictDoUpdate({ target: [categoryTranslations.categoryId, categoryTranslations.language], set: { name } });
      }
    },

    async upsertItem(input: { slug: string; preference: string; order: number }): Promise<string> {
      const [row] = await db
        .insert(defaultContent)
        .values({ slug: input.slug, preference: input.preference, sortOrder: input.order, isActive: true })
        .onConflictDoUpdate({
          target: defaultContent.slug,
          set: { preference: input.preference, sortOrder: input.order, isActive: true, updatedAt: sql`now()` },
        })
        .returning({ id: defaultContent.id });
      return row!.id;
    },

    /** Items no longer in content/ stop showing; their rows stay for anyone who saved a link. */
    async deactivateItemsOtherThan(slugs: string[]): Promise<void> {
      await db.update(defaultContent).set({ isActive: false }).where(notInArray(defaultContent.slug, slugs));
    },

    async findTranslation(contentId: string, language: string) {
      const [row] = await db
        .select()
        .from(defaultContentTranslations)
        .where(and(eq(defaultContentTranslations.contentId, contentId), eq(defaultContentTranslations.language, language)))
        .limit(1);
      return row;
    },

    async upsertTranslationText(contentId: string, language: string, title: string, text: string): Promise<void> {
      await db
        .insert(defaultContentTranslations)
        .values({ contentId, language, title, text })
        .onConflictDoUpdate({
          target: [defaultContentTranslations.contentId, defaultContentTranslations.language],
          set: { title, text },
        });
    },

    async setTranslationAudio(contentId: string, language: string, audio: { audioUrl: string; duration: number; sourceHash: string }) {
      await db
        .update(defaultContentTranslations)
        .set(audio)
        .where(and(eq(defaultContentTranslations.contentId, contentId), eq(defaultContentTranslations.language, language)));
    },

    // ---- fixed journeys ----
    async upsertJourney(id: string, order: number): Promise<void> {
      await db
        .insert(prayerJourneys)
        .values({ id, order, isActive: true })
        .onConflictDoUpdate({ target: prayerJourneys.id, set: { order, isActive: true } });
    },

    async upsertJourneyTranslation(
      journeyId: string,
      language: string,
      value: { title: string; subtitle: string; description: string; totalDays: number },
    ): Promise<void> {
      // totalDuration is filled from the voiced days (refreshJourneyTotals); until then, an estimate.
      await db
        .insert(prayerJourneyTranslations)
        .values({ journeyId, language, ...value, totalDuration: 0 })
        .onConflictDoUpdate({ target: [prayerJourneyTranslations.journeyId, prayerJourneyTranslations.language], set: value });
    },

    /** Journeys no longer in content/ stop showing; users' progress rows stay. */
    async deactivateJourneysOtherThan(ids: string[]): Promise<void> {
      await db
        .update(prayerJourneys)
        .set({ isActive: false })
        .where(ids.length ? notInArray(prayerJourneys.id, ids) : undefined);
    },

    /** Makes the journey's days exactly 1..count (days beyond it are removed with their texts). */
    async setJourneyDays(journeyId: string, count: number): Promise<void> {
      const days = Array.from({ length: count }, (_, i) => ({ journeyId, dayNumber: i + 1 }));
      await db.insert(journeyDays).values(days).onConflictDoNothing();
      await db.delete(journeyDays).where(and(eq(journeyDays.journeyId, journeyId), sql`${journeyDays.dayNumber} > ${count}`));
      await db
        .delete(journeyDayTranslations)
        .where(and(eq(journeyDayTranslations.journeyId, journeyId), sql`${journeyDayTranslations.dayNumber} > ${count}`));
    },

    async findJourneyDayTranslation(journeyId: string, dayNumber: number, language: string) {
      const [row] = await db
        .select()
        .from(journeyDayTranslations)
        .where(
          and(
            eq(journeyDayTranslations.journeyId, journeyId),
            eq(journeyDayTranslations.dayNumber, dayNumber),
            eq(journeyDayTranslations.language, language),
          ),
        );
      return row;
    },

    async upsertJourneyDayText(
      journeyId: string,
      dayNumber: number,
      language: string,
      value: { title: string; subtitle: string; verseText: string; verseReference: string; reflection: string; prayer: string },
      keepAudio: boolean,
    ): Promise<void> {
      const set = keepAudio ? value : { ...value, audioUrl: null, duration: null, sourceHash: null };
      await db
        .insert(journeyDayTranslations)
        .values({ journeyId, dayNumber, language, ...value })
        .onConflictDoUpdate({
          target: [journeyDayTranslations.journeyId, journeyDayTranslations.dayNumber, journeyDayTranslations.language],
          set,
        });
    },

    async setJourneyDayAudio(
      journeyId: string,
      dayNumber: number,
      language: string,
      audio: { audioUrl: string; duration: number; sourceHash: string },
    ) {
      await db
        .update(journeyDayTranslations)
        .set(audio)
        .where(
          and(
            eq(journeyDayTranslations.journeyId, journeyId),
            eq(journeyDayTranslations.dayNumber, dayNumber),
            eq(journeyDayTranslations.language, language),
          ),
        );
    },

    /** totalDuration (minutes) of each journey translation: its days' audio (the English day where it has none). */
    async refreshJourneyTotals(): Promise<void> {
      await db.execute(sql`
        UPDATE ${prayerJourneyTranslations} jt SET total_duration = GREATEST(1, CEIL(COALESCE((
          SELECT SUM(COALESCE(own.duration, en.duration, 180)) FROM ${journeyDays} d
          LEFT JOIN ${journeyDayTranslations} own ON own.journey_id = d.journey_id AND own.day_number = d.day_number AND own.language = jt.language
          LEFT JOIN ${journeyDayTranslations} en ON en.journey_id = d.journey_id AND en.day_number = d.day_number AND en.language = 'en'
          WHERE d.journey_id = jt.journey_id
        ), 0) / 60.0))`);
    },

    async findCycle(cycle: number) {
      const [row] = await db.select().from(dailyPrayerCycle).where(eq(dailyPrayerCycle.cycle, cycle)).limit(1);
      return row;
    },

    async upsertCycle(cycle: number, slug: string, translations: Record<string, CycleTranslation>): Promise<void> {
      await db
        .insert(dailyPrayerCycle)
        .values({ cycle, slug, translations })
        .onConflictDoUpdate({ target: dailyPrayerCycle.cycle, set: { slug, translations, updatedAt: sql`now()` } });
    },

    /** One language of a cycle entry, set in place so concurrent voicing of en and es cannot overwrite each other. */
    async setCycleTranslation(cycle: number, language: string, value: CycleTranslation): Promise<void> {
      await db
        .update(dailyPrayerCycle)
        .set({
          translations: sql`jsonb_set(${dailyPrayerCycle.translations}, ${`{${language}}`}::text[], ${JSON.stringify(value)}::jsonb)`,
          updatedAt: sql`now()`,
        })
        .where(eq(dailyPrayerCycle.cycle, cycle));
    },

    /**
     * The file names (<hash>.<ext>) of every audio any row refers to: content, daily prayers and their cycle,
     * journey days, and people's prayers and journeys (wherever they are stored).
     */
    async referencedMediaNames(): Promise<Set<string>> {
      const result = await db.execute(sql`
        SELECT audio_url AS url FROM records WHERE audio_url IS NOT NULL
        UNION SELECT audio_url FROM default_content_translations WHERE audio_url IS NOT NULL
        UNION SELECT audio_url FROM daily_prayer_translations WHERE audio_url IS NOT NULL
        UNION SELECT audio_url FROM journey_day_translations WHERE audio_url IS NOT NULL
        UNION SELECT audio_url FROM personalized_journey_days WHERE audio_url IS NOT NULL
        UNION SELECT audio_url FROM background_sounds
        UNION SELECT t.value->>'audioUrl' FROM daily_prayer_cycle c, jsonb_each(c.translations) t WHERE t.value->>'audioUrl' IS NOT NULL`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ url: string }>;
      return new Set(rows.map((row) => row.url.split('?')[0]!.split('/').pop()!));
    },

    /** A background sound's stored file and what made it (issue 22), or undefined before its first import. */
    async findBackgroundSound(id: string) {
      const [row] = await db.select().from(backgroundSounds).where(eq(backgroundSounds.id, id));
      return row;
    },

    async setBackgroundSound(id: string, sound: { audioUrl: string; durationSeconds: number; sourceHash: string }): Promise<void> {
      await db
        .insert(backgroundSounds)
        .values({ id, ...sound })
        .onConflictDoUpdate({ target: backgroundSounds.id, set: { ...sound, updatedAt: sql`now()` } });
    },

    /** Every background sound the import made, for the player. */
    async backgroundSounds() {
      return db.select().from(backgroundSounds).orderBy(asc(backgroundSounds.id));
    },

    /** The fingerprint of the content last imported in full, or null before the first import. */
    async importedFingerprint(): Promise<string | null> {
      const [row] = await db
        .select({ fingerprint: contentImports.fingerprint })
        .from(contentImports)
        .where(eq(contentImports.id, 'content'));
      return row?.fingerprint ?? null;
    },

    /** Records that the content with this fingerprint is imported in full. */
    async recordImport(fingerprint: string): Promise<void> {
      await db
        .insert(contentImports)
        .values({ id: 'content', fingerprint })
        .onConflictDoUpdate({ target: contentImports.id, set: { fingerprint, completedAt: sql`now()` } });
    },

    async trimCycle(length: number): Promise<void> {
      await db.delete(dailyPrayerCycle).where(sql`${dailyPrayerCycle.cycle} > ${length}`);
    },

    /** Every day translation of the active fixed journeys (the audio check listens to them too). */
    async activeJourneyDays() {
      return db
        .select({
          journeyId: journeyDayTranslations.journeyId,
          dayNumber: journeyDayTranslations.dayNumber,
          language: journeyDayTranslations.language,
          audioUrl: journeyDayTranslations.audioUrl,
          duration: journeyDayTranslations.duration,
        })
        .from(journeyDayTranslations)
        .innerJoin(prayerJourneys, eq(prayerJourneys.id, journeyDayTranslations.journeyId))
        .where(eq(prayerJourneys.isActive, true))
        .orderBy(asc(journeyDayTranslations.journeyId), asc(journeyDayTranslations.dayNumber), asc(journeyDayTranslations.language));
    },

    async allCycles() {
      return db.select().from(dailyPrayerCycle).orderBy(asc(dailyPrayerCycle.cycle));
    },

    /** Creates or refreshes the daily prayer of one date from a cycle entry. */
    async publishDailyPrayer(date: string, cycleKey: string, translations: Record<string, CycleTranslation>): Promise<void> {
      const [row] = await db
        .insert(dailyPrayers)
        .values({ date, cycleKey })
        .onConflictDoUpdate({ target: dailyPrayers.date, set: { cycleKey } })
        .returning({ id: dailyPrayers.id });
      for (const [language, t] of Object.entries(translations)) {
        const values = { title: t.title, text: t.text, audioUrl: t.audioUrl, duration: t.duration };
        await db
          .insert(dailyPrayerTranslations)
          .values({ dailyPrayerId: row!.id, language, ...values })
          .onConflictDoUpdate({ target: [dailyPrayerTranslations.dailyPrayerId, dailyPrayerTranslations.language], set: values });
      }
    },

    // ---- reads for the feed ----
    async categoriesWithNames() {
      const rows = await db
        .select({ id: categories.id, order: categories.order, language: categoryTranslations.language, name: categoryTranslations.name })
        .from(categories)
        .leftJoin(categoryTranslations, eq(categoryTranslations.categoryId, categories.id))
        .orderBy(asc(categories.order));
      return rows;
    },

    /** Active default content with every voiced translation. */
    async activeItems() {
      return db
        .select({
          id: defaultContent.id,
          slug: defaultContent.slug,
          preference: defaultContent.preference,
          sortOrder: defaultContent.sortOrder,
          createdAt: defaultContent.createdAt,
          language: defaultContentTranslations.language,
          title: defaultContentTranslations.title,
          text: defaultContentTranslations.text,
          audioUrl: defaultContentTranslations.audioUrl,
          duration: defaultContentTranslations.duration,
        })
        .from(defaultContent)
        .innerJoin(defaultContentTranslations, eq(defaultContentTranslations.contentId, defaultContent.id))
        .where(and(eq(defaultContent.isActive, true), isNotNull(defaultContentTranslations.audioUrl)))
        .orderBy(asc(defaultContent.preference), asc(defaultContent.sortOrder), asc(defaultContent.slug));
    },

    /** The newest daily prayers up to today (date not null, newest first), with their voiced translations. */
    async latestDailyPrayers(today: string, limit: number) {
      const latest = await db
        .select({ id: dailyPrayers.id, date: dailyPrayers.date })
        .from(dailyPrayers)
        .where(lte(dailyPrayers.date, today))
        .orderBy(desc(dailyPrayers.date))
        .limit(limit);
      if (latest.length === 0) return [];
      const translations = await db
        .select()
        .from(dailyPrayerTranslations)
        .where(
          and(
            inArray(
              dailyPrayerTranslations.dailyPrayerId,
              latest.map((row) => row.id),
            ),
            isNotNull(dailyPrayerTranslations.audioUrl),
          ),
        );
      return latest.map((row) => ({ ...row, translations: translations.filter((t) => t.dailyPrayerId === row.id) }));
    },

    /** The user's feed of records: completed, pending and processing, newest first. */
  };
}

export type ContentQueries = ReturnType<typeof contentQueries>;
