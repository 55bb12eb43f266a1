import { createHash } from 'node:crypto';
import {
  DAILY_PRAYER_FETCH_LIMIT,
  USER_RECORDS_LIMIT,
  type ContentItem,
  type DailyPrayer,
  type Feed,
  type UserPrayer,
} from '@selah/domain/feed';
import { DAILY_PRAYER_LANGUAGES, DEFAULT_LANGUAGE, type Language } from '@selah/domain/languages';
import type { ContentQueries } from './content.queries';
import { isoDate } from './daily.service';

type PublicFeed = Omit<Feed, 'userPrayers'>;

/** Cached public parts are rebuilt at least this often, so other processes' imports show up too. */
const PUBLIC_FEED_TTL_MS = 60_000;

/** Picks the row of the wanted language, else English (spec: "fallback en"). */
function inLanguage<T extends { language: string | null }>(rows: T[], language: Language): T | undefined {
  return rows.find((row) => row.language === language) ?? rows.find((row) => row.language === DEFAULT_LANGUAGE);
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    groups.set(k, [...(groups.get(k) ?? []), row]);
  }
  return groups;
}

export function feedService(queries: ContentQueries) {
  const cache = new Map<string, { builtAt: number; feed: PublicFeed }>();

  async function buildPublic(language: Language, today: string): Promise<PublicFeed> {
    const items = await queries.activeItems();
    const byId = groupBy(items, (row) => row.id);
    const chosen: ContentItem[] = [];
    for (const rows of byId.values()) {
      const row = inLanguage(rows, language);
      if (!row?.audioUrl) continue;
      chosen.push({
        id: row.id,
        slug: row.slug,
        preference: row.preference,
        language: row.language,
        title: row.title,
        text: row.text,
        audioUrl: row.audioUrl,
        duration: row.duration ?? 0,
        createdAt: row.createdAt.toISOString(),
      });
    }
    const sortOrder = new Map(items.map((row) => [row.id, row.sortOrder]));
    chosen.sort((a, b) => (sortOrder.get(a.id) ?? 0) - (sortOrder.get(b.id) ?? 0) || a.slug.localeCompare(b.slug));

    const categoryRows = await queries.categoriesWithNames();
    const categories = [...groupBy(categoryRows, (row) => row.id).values()].map((rows) => {
      const named = inLanguage(rows, language) ?? rows[0]!;
      return {
        id: named.id,
        order: named.order,
        name: named.name ?? named.id,
        items: chosen.filter((item) => item.preference === named.id),
      };
    });
    categories.sort((a, b) => a.order - b.order);

    let dailyPrayers: DailyPrayer[] = [];
    if (DAILY_PRAYER_LANGUAGES.includes(language)) {
      const latest = await queries.latestDailyPrayers(today, DAILY_PRAYER_FETCH_LIMIT);
      dailyPrayers = latest.flatMap((day) => {
        const t = inLanguage(day.translations, language);
        if (!t?.audioUrl) return [];
        return [
          {
            id: day.id,
            date: day.date,
            language: t.language,
            title: t.title,
            text: t.text,
            audioUrl: t.audioUrl,
            duration: t.duration ?? 0,
          },
        ];
      });
    }

    return { language, dailyPrayers, popularPrayers: chosen.filter((item) => item.preference === 'prayers'), categories };
  }

  return {
    /** Forget cached feeds (after an import or a publish in this process). */
    invalidate(): void {
      cache.clear();
    },

    async publicFeed(language: Language, now = new Date()): Promise<PublicFeed> {
      const today = isoDate(now);
      const key = `${language}:${today}`;
      const hit = cache.get(key);
      if (hit && now.getTime() - hit.builtAt < PUBLIC_FEED_TTL_MS) return hit.feed;
      const feed = await buildPublic(language, today);
      cache.set(key, { builtAt: now.getTime(), feed });
      return feed;
    },

    async userPrayers(userId: string): Promise<UserPrayer[]> {
      const rows = await queries.userRecords(userId, USER_RECORDS_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        status: row.status as UserPrayer['status'],
        stage: row.status === 'processing' ? row.stage : null,
        title: row.title,
        text: row.recordText,
        audioUrl: row.audioUrl,
        duration: row.duration,
        preference: row.preference,
        experience: row.experience,
        slug: row.slug,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}

export type FeedService = ReturnType<typeof feedService>;

export const etagOf = (body: string): string => `"${createHash('sha1').update(body).digest('base64url')}"`;
