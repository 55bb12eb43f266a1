import { and, eq, isNotNull, notLike, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client';
import { defaultContentTranslations, personalizedJourneyDays, personalizedJourneys, records } from '../../platform/db/schema';
import { PRIVATE_MEDIA_PREFIX, type MediaStore } from '../../platform/media';

/**
 * People's prayers and journey days voiced before their audio became private were stored publicly: at start,
 * each is copied into its owner's private space, its row points there, and the public copy is removed when
 * nothing public (default content) shares it. Safe to run again: finished rows are skipped.
 */
export async function moveOwnAudioToPrivate(deps: { db: Database; media: MediaStore; logger: FastifyBaseLogger }): Promise<number> {
  const { db, media, logger } = deps;
  const notPrivate = (column: AnyPgColumn) => and(isNotNull(column), notLike(column, `${PRIVATE_MEDIA_PREFIX}%`));
  const ownRecords = await db
    .select({ id: records.id, owner: records.userId, url: records.audioUrl })
    .from(records)
    .where(and(isNotNull(records.userId), notPrivate(records.audioUrl)));
  const ownDays = await db
    .select({
      journeyId: personalizedJourneyDays.journeyId,
      dayNumber: personalizedJourneyDays.dayNumber,
      owner: personalizedJourneys.userId,
      url: personalizedJourneyDays.audioUrl,
    })
    .from(personalizedJourneyDays)
    .innerJoin(personalizedJourneys, eq(personalizedJourneys.id, personalizedJourneyDays.journeyId))
    .where(notPrivate(personalizedJourneyDays.audioUrl));

  let moved = 0;
  const publicUrls = new Set<string>();
  const move = async (url: string, owner: string, save: (ref: string) => Promise<unknown>) => {
    try {
      const ref = await media.copyToPrivate(url, owner);
      if (!ref) return;
      await save(ref);
      publicUrls.add(url);
      moved += 1;
    } catch (error) {
      logger.warn({ err: error, url }, 'could not move a person’s audio to private storage; it stays where it is');
    }
  };
  for (const row of ownRecords) {
    if (row.owner && row.url)
      await move(row.url, row.owner, (ref) => db.update(records).set({ audioUrl: ref }).where(eq(records.id, row.id)));
  }
  for (const row of ownDays) {
    if (!row.url) continue;
    await move(row.url, row.owner, (ref) =>
      db
        .update(personalizedJourneyDays)
        .set({ audioUrl: ref })
        .where(and(eq(personalizedJourneyDays.journeyId, row.journeyId), eq(personalizedJourneyDays.dayNumber, row.dayNumber))),
    );
  }
  // The public copies go, unless default content (the same bytes) or a row not yet moved still uses them.
  for (const url of publicUrls) {
    const [used] = await db
      .select({ n: sql<number>`1` })
      .from(defaultContentTranslations)
      .where(eq(defaultContentTranslations.audioUrl, url))
      .limit(1);
    const [stillRecord] = await db
      .select({ n: sql<number>`1` })
      .from(records)
      .where(eq(records.audioUrl, url))
      .limit(1);
    const [stillDay] = await db
      .select({ n: sql<number>`1` })
      .from(personalizedJourneyDays)
      .where(eq(personalizedJourneyDays.audioUrl, url))
      .limit(1);
    if (!used && !stillRecord && !stillDay) await media.removeByUrls([url]);
  }
  if (moved > 0) logger.info({ moved }, "people's own audio moved to private storage");
  return moved;
}
