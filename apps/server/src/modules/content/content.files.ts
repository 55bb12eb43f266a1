import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { DAILY_PRAYER_LANGUAGES, LANGUAGES } from '@selah/domain/languages';

/** The content/ data files (see content/README.md), validated as they are read. */

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase ascii words joined by hyphens');
const entry = z.object({ title: z.string().min(1).max(120), text: z.string().min(1).max(6000) }).strict();

const categoriesSchema = z
  .array(
    z
      .object({
        id: slug,
        order: z.number().int(),
        name: z.object({ en: z.string().min(1), es: z.string().min(1), pl: z.string().min(1) }).strict(),
      })
      .strict(),
  )
  .min(1);

const itemSchema = z.object({ slug, order: z.number().int().default(0), en: entry, es: entry, pl: entry }).strict();

const dailySchema = z.object({ slug, cycle: z.number().int().positive(), en: entry, es: entry }).strict();

const verseSchema = z
  .object({
    text: z.string().min(1).max(2000),
    reference: z.string().min(1).max(80),
    /** How the voice reads the reference, in words (espeak reads "23:4" as "twenty-three colon four"). */
    spoken: z.string().min(1).max(160),
  })
  .strict();
const journeyEntry = z
  .object({ title: z.string().min(1).max(120), subtitle: z.string().max(200), description: z.string().max(2000) })
  .strict();
const journeyDayEntry = z
  .object({
    title: z.string().min(1).max(120),
    subtitle: z.string().max(200),
    bibleVerse: verseSchema,
    reflection: z.string().min(1).max(4000),
    prayer: z.string().min(1).max(3000),
  })
  .strict();
// es and pl may be missing (fallback en); the content check requires all three for the real content.
const journeySchema = z
  .object({
    id: slug,
    order: z.number().int().default(999),
    en: journeyEntry,
    es: journeyEntry.optional(),
    pl: journeyEntry.optional(),
    days: z
      .array(
        z
          .object({ day: z.number().int().positive(), en: journeyDayEntry, es: journeyDayEntry.optional(), pl: journeyDayEntry.optional() })
          .strict(),
      )
      .min(1)
      .max(30),
  })
  .strict();

export type JourneyEntry = z.infer<typeof journeyEntry>;
export type JourneyDayEntry = z.infer<typeof journeyDayEntry>;
export interface JourneyFile {
  id: string;
  order: number;
  translations: Partial<Record<string, JourneyEntry>>;
  days: { day: number; translations: Partial<Record<string, JourneyDayEntry>> }[];
}

/** What the voice reads for a journey day: title, reference, verse, reflection, prayer, each a paragraph. */
export const journeyDayScript = (day: JourneyDayEntry): string =>
  [`${day.title}.`, `${day.bibleVerse.spoken}.`, day.bibleVerse.text, day.reflection, day.prayer].join('\n\n');

export type ContentCategory = z.infer<typeof categoriesSchema>[number];
export type ContentEntry = z.infer<typeof entry>;
export interface ContentItemFile {
  slug: string;
  order: number;
  preference: string;
  translations: Record<string, ContentEntry>;
}
export interface DailyItemFile {
  slug: string;
  cycle: number;
  translations: Record<string, ContentEntry>;
}
export interface ContentFiles {
  categories: ContentCategory[];
  items: ContentItemFile[];
  daily: DailyItemFile[];
  journeys: JourneyFile[];
}

export class ContentFileError extends Error {}

async function readJson<T>(file: string, schema: z.ZodType<T>, root: string): Promise<T> {
  const where = path.relative(root, file);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ContentFileError(`${where}: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ContentFileError(`${where}: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  return parsed.data;
}

const jsonFiles = async (dir: string): Promise<string[]> =>
  (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => path.join(dir, name));

export async function readContentFiles(root: string): Promise<ContentFiles> {
  const categories = await readJson(path.join(root, 'categories.json'), categoriesSchema, root);
  const items: ContentItemFile[] = [];
  const seen = new Set<string>();
  const remember = (value: string, file: string) => {
    if (seen.has(value)) throw new ContentFileError(`${path.relative(root, file)}: slug ${value} is used twice`);
    seen.add(value);
  };

  for (const file of await jsonFiles(path.join(root, 'prayers'))) {
    const item = await readJson(file, itemSchema, root);
    remember(item.slug, file);
    items.push({ slug: item.slug, order: item.order, preference: 'prayers', translations: pick(item, LANGUAGES) });
  }
  for (const category of categories) {
    for (const file of await jsonFiles(path.join(root, 'affirmations', category.id))) {
      const item = await readJson(file, itemSchema, root);
      remember(item.slug, file);
      items.push({ slug: item.slug, order: item.order, preference: category.id, translations: pick(item, LANGUAGES) });
    }
  }
  const daily: DailyItemFile[] = [];
  for (const file of await jsonFiles(path.join(root, 'daily'))) {
    const item = await readJson(file, dailySchema, root);
    remember(item.slug, file);
    daily.push({ slug: item.slug, cycle: item.cycle, translations: pick(item, DAILY_PRAYER_LANGUAGES) });
  }
  daily.sort((a, b) => a.cycle - b.cycle);
  daily.forEach((item, index) => {
    if (item.cycle !== index + 1) throw new ContentFileError(`daily: cycle ${index + 1} is missing (found ${item.cycle})`);
  });
  const journeys: JourneyFile[] = [];
  for (const file of await jsonFiles(path.join(root, 'journeys'))) {
    const journey = await readJson(file, journeySchema, root);
    if (path.basename(file, '.json') !== journey.id)
      throw new ContentFileError(`${path.relative(root, file)}: id must match the file name`);
    if (journeys.some((other) => other.id === journey.id)) throw new ContentFileError(`journeys: id ${journey.id} is used twice`);
    journey.days.forEach((day, index) => {
      if (day.day !== index + 1) throw new ContentFileError(`${path.relative(root, file)}: day ${index + 1} is missing (found ${day.day})`);
    });
    journeys.push({
      id: journey.id,
      order: journey.order,
      translations: pickPresent(journey, LANGUAGES),
      days: journey.days.map((day) => ({ day: day.day, translations: pickPresent(day, LANGUAGES) })),
    });
  }
  return { categories, items, daily, journeys };
}

function pickPresent<T>(item: object, languages: readonly string[]): Partial<Record<string, T>> {
  const record = item as Record<string, T | undefined>;
  return Object.fromEntries(languages.flatMap((language) => (record[language] ? [[language, record[language]]] : [])));
}

function pick(item: Record<string, unknown>, languages: readonly string[]): Record<string, ContentEntry> {
  return Object.fromEntries(languages.map((language) => [language, item[language] as ContentEntry]));
}
