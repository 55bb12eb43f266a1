import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@selah/domain/languages';
import { BED_IDS, type BedId } from '@selah/domain/player';
import type { CycleTranslation } from '../../platform/db/schema';
import { storeVoiced, type VoicedFile } from '../media/media.service';
import type { ContentQueries } from './content.queries';
import { journeyDayScript, readContentFiles, type ContentEntry } from './content.files';

/** What the import needs from the voice pipeline: text in, a mastered audio file out. */
export interface Voicer {
  /** Identifies the provider and its settings: a change re-voices everything. */
  readonly id: string;
  voice(input: { text: string; language: Language; ambient: boolean }): Promise<VoicedFile & { durationSeconds: number }>;
}

export type MediaWriter = Parameters<typeof storeVoiced>[0];

/** What makes the player's background sounds (generation/master/beds.ts). */
export interface BedMaker {
  /** Identifies how the beds are made: a change makes them again. */
  readonly id: string;
  render(bed: BedId): Promise<{ data: Buffer; extension: string; contentType: string; durationSeconds: number }>;
}

export interface ImportProgress {
  start(total: number): void;
  advance(label: string): void;
  stop(): void;
}

export interface ImportSummary {
  categories: number;
  items: number;
  dailyPrayers: number;
  journeys: number;
  voiced: number;
  unchanged: number;
}

/** Default content is voiced without a bed: the player lays the person's chosen sound under it (issue 22). */
const AMBIENT = false;
/** Two files at a time keep both cores busy (espeak and ffmpeg alternate). */
const VOICING_CONCURRENCY = 2;

export const spokenText = (entry: ContentEntry): string => `${entry.title}.\n\n${entry.text}`;

export function sourceHash(voicerId: string, language: string, entry: ContentEntry): string {
  return createHash('sha256')
    .update(JSON.stringify([voicerId, AMBIENT, language, entry.title, entry.text]))
    .digest('hex')
    .slice(0, 32);
}

/**
 * Reads content/, upserts categories, items and the daily cycle, and voices what changed since the last
 * import (a translation whose text, title or voice differs from what its audio was made from).
 * Idempotent: a second run with the same files voices nothing.
 */
export async function importContent(deps: {
  contentDir: string;
  queries: ContentQueries;
  voicer: Voicer;
  media: MediaWriter;
  logger: FastifyBaseLogger;
  progress?: ImportProgress;
  /** Called after each voiced file, e.g. to refresh cached feeds so the dashboard fills in as it goes. */
  onVoiced?: () => void;
  /** Awaited before each file is voiced: people's own prayers go first (content.jobs.ts, waitForPeoplesJobs). */
  beforeEachFile?: () => Promise<void>;
  /** Makes the player's background sounds; without it the import leaves them as they are. */
  beds?: BedMaker;
}): Promise<ImportSummary> {
  const { contentDir, queries, voicer, media, logger, progress, onVoiced, beforeEachFile } = deps;
  const files = await readContentFiles(contentDir);

  if (deps.beds) await importBeds(deps.beds, queries, media, logger);

  for (const category of files.categories) await queries.upsertCategory(category.id, category.order, category.name);

  type Task = {
    label: string;
    language: Language;
    /** What the voice reads. */
    spoken: string;
    hash: string;
    save: (audio: { audioUrl: string; duration: number }) => Promise<void>;
  };
  const tasks: Task[] = [];
  let unchanged = 0;

  for (const item of files.items) {
    const contentId = await queries.upsertItem(item);
    for (const [language, entry] of Object.entries(item.translations)) {
      const hash = sourceHash(voicer.id, language, entry);
      const existing = await queries.findTranslation(contentId, language);
      if (existing?.audioUrl && existing.sourceHash === hash) {
        unchanged++;
        continue;
      }
      await queries.upsertTranslationText(contentId, language, entry.title, entry.text);
      tasks.push({
        label: `${item.slug} (${language})`,
        language: language as Language,
        spoken: spokenText(entry),
        hash,
        save: (audio) => queries.setTranslationAudio(contentId, language, { ...audio, sourceHash: hash }),
      });
    }
  }
  await queries.deactivateItemsOtherThan(files.items.map((item) => item.slug));

  for (const item of files.daily) {
    const existing = await queries.findCycle(item.cycle);
    const translations: Record<string, CycleTranslation> = {};
    for (const [language, entry] of Object.entries(item.translations)) {
      const hash = sourceHash(voicer.id, language, entry);
      const previous = existing?.slug === item.slug ? existing.translations[language] : undefined;
      const voiced = previous?.audioUrl && previous.sourceHash === hash;
      translations[language] = voiced
        ? previous
        : { title: entry.title, text: entry.text, audioUrl: null, duration: null, sourceHash: null };
      if (voiced) {
        unchanged++;
        continue;
      }
      tasks.push({
        label: `${item.slug} (${language})`,
        language: language as Language,
        spoken: spokenText(entry),
        hash,
        save: (audio) =>
          queries.setCycleTranslation(item.cycle, language, { title: entry.title, text: entry.text, ...audio, sourceHash: hash }),
      });
    }
    await queries.upsertCycle(item.cycle, item.slug, translations);
  }
  await queries.trimCycle(files.daily.length);

  for (const journey of files.journeys) {
    await queries.upsertJourney(journey.id, journey.order);
    for (const [language, entry] of Object.entries(journey.translations)) {
      if (entry) await queries.upsertJourneyTranslation(journey.id, language, { ...entry, totalDays: journey.days.length });
    }
    await queries.setJourneyDays(journey.id, journey.days.length);
    for (const day of journey.days) {
      for (const [language, entry] of Object.entries(day.translations)) {
        if (!entry) continue;
        const spoken = journeyDayScript(entry);
        const hash = sourceHash(voicer.id, language, { title: entry.title, text: spoken });
        const existing = await queries.findJourneyDayTranslation(journey.id, day.day, language);
        const voiced = Boolean(existing?.audioUrl) && existing?.sourceHash === hash;
        await queries.upsertJourneyDayText(
          journey.id,
          day.day,
          language,
          {
            title: entry.title,
            subtitle: entry.subtitle,
            verseText: entry.bibleVerse.text,
            verseReference: entry.bibleVerse.reference,
            reflection: entry.reflection,
            prayer: entry.prayer,
          },
          voiced,
        );
        if (voiced) {
          unchanged++;
          continue;
        }
        tasks.push({
          label: `${journey.id} day ${day.day} (${language})`,
          language: language as Language,
          spoken,
          hash,
          save: (audio) => queries.setJourneyDayAudio(journey.id, day.day, language, { ...audio, sourceHash: hash }),
        });
      }
    }
  }
  await queries.deactivateJourneysOtherThan(files.journeys.map((journey) => journey.id));
  await queries.refreshJourneyTotals();

  if (tasks.length > 0) logger.info({ files: tasks.length }, 'voicing content');
  progress?.start(tasks.length);
  let next = 0;
  const runOne = async (): Promise<void> => {
    while (next < tasks.length) {
      const task = tasks[next++]!;
      await beforeEachFile?.();
      const audio = await voicer.voice({ text: task.spoken, language: task.language, ambient: AMBIENT });
      const audioUrl = await storeVoiced(media, audio);
      await task.save({ audioUrl, duration: Math.round(audio.durationSeconds * 100) / 100 });
      progress?.advance(task.label);
      onVoiced?.();
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(VOICING_CONCURRENCY, tasks.length) }, runOne));
  } finally {
    progress?.stop();
  }
  if (tasks.length > 0) await queries.refreshJourneyTotals();

  return {
    categories: files.categories.length,
    items: files.items.length,
    dailyPrayers: files.daily.length,
    journeys: files.journeys.length,
    voiced: tasks.length,
    unchanged,
  };
}

/** Makes each background sound whose recipe changed since it was made, and stores it with the public media. */
async function importBeds(beds: BedMaker, queries: ContentQueries, media: MediaWriter, logger: FastifyBaseLogger): Promise<void> {
  for (const bed of BED_IDS) {
    const sourceHash = createHash('sha256').update(`${beds.id}\n${bed}`).digest('hex').slice(0, 32);
    if ((await queries.findBackgroundSound(bed))?.sourceHash === sourceHash) continue;
    const file = await beds.render(bed);
    const audioUrl = await media.put(file.data, { extension: file.extension, contentType: file.contentType });
    await queries.setBackgroundSound(bed, { audioUrl, durationSeconds: file.durationSeconds, sourceHash });
    logger.info({ bed, audioUrl }, 'background sound made');
  }
}
