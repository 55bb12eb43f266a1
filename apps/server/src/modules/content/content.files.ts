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
  return { categories, items, daily };
}

function pick(item: Record<string, unknown>, languages: readonly string[]): Record<string, ContentEntry> {
  return Object.fromEntries(languages.map((language) => [language, item[language] as ContentEntry]));
}
