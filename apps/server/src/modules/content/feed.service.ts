import {
  DAILY_PRAYER_FETCH_LIMIT,
  USER_RECORDS_LIMIT,
  type ContentCard,
  type ContentTexts,
  type DailyPrayer,
  type Feed,
  type UserPrayer,
} from '@selah/domain/feed';
import { DAILY_PRAYER_LANGUAGES, DEFAULT_LANGUAGE, type Language } from '@selah/domain/languages';
import { toUserPrayer } from '@selah/domain/record-views';
import type { PrayerRecord } from '@selah/domain/records';
import type { ContentQueries } from './content.queries';
import { isoDate } from './daily.service';

type PublicFeed = Omit<Feed, 'userPrayers'>;

/** The public part of the dashboard in one language, and the words of its cards (sent apart). */
export interface PublicContent {
  feed: PublicFeed;
  texts: ContentTexts;
}

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

/**
 * The dashboard's data. `userRecords` gives the signed-in person's latest prayers (the records module's service,
 * handed in by the composition root); the feed shows each as its card.
 */
export function feedService(
  queries: ContentQueries,
  userRecords: (userId: string, limit: number) => Promise<PrayerRecord[]> = async () => [],
) {
  /** Per language: the content, and until when it may be served as it is (a minute, or the end of its day). */
  const cache = new Map<Language, { freshUntil: number; today: string; content: PublicContent }>();
  /** Builds under way, so that many requests at the moment the cache goes stale start only one. */
  const building = new Map<Language, Promise<PublicContent>>();
  /** Bumped by invalidate(), so a build that started before it does not fill the cache with old content. */
  let generation = 0;

  async function buildPublic(language: Language, today: string): Promise<PublicContent> {
    const texts: Record<string, string> = {};
    const items = await queries.activeItems();
    const byId = groupBy(items, (row) => row.id);
    const chosen: ContentCard[] = [];
    for (const rows of byId.values()) {
      const row = inLanguage(rows, language);
      if (!row?.audioUrl) continue;
      texts[row.id] = row.text;
      chosen.push({
        id: row.id,
        slug: row.slug,
        preference: row.preference,
        language: row.language,
        title: row.title,
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
        texts[day.id] = t.text;
        return [
          {
            id: day.id,
            date: day.date,
            language: t.language,
            title: t.title,
            audioUrl: t.audioUrl,
            duration: t.duration ?? 0,
          },
        ];
      });
    }

    return {
      feed: { language, dailyPrayers, popularPrayers: chosen.filter((item) => item.preference === 'prayers'), categories },
      texts: { language, texts },
    };
  }

  return {
    /** Forget cached feeds (after an import or a publish in this process). */
    invalidate(): void {
      generation += 1;
      cache.clear();
      building.clear();
    },

    /**
     * The feed without the user's part and the words of its cards; the same objects until rebuilt. Once
     * stale, it is still served (unless the day changed) while one rebuild runs.
     */
    publicContent(language: Language, now = Date.now()): PublicContent | Promise<PublicContent> {
      const hit = cache.get(language);
      if (hit && now < hit.freshUntil) return hit.content;
      const today = isoDate(new Date(now));
      let pending = building.get(language);
      if (!pending) {
        const started = generation;
        const build: Promise<PublicContent> = buildPublic(language, today)
          .then((content) => {
            if (started === generation) {
              cache.set(language, { freshUntil: Math.min(now + PUBLIC_FEED_TTL_MS, nextUtcMidnight(now)), today, content });
            }
            return content;
          })
          .finally(() => {
            if (building.get(language) === build) building.delete(language);
          });
        building.set(language, build);
        pending = build;
      }
      if (hit?.today === today) {
        // The stale copy answers meanwhile; a failed rebuild is tried again by the next request.
        pending.catch(() => undefined);
        return hit.content;
      }
      return pending;
    },

    async userPrayers(userId: string): Promise<UserPrayer[]> {
      const records = await userRecords(userId, USER_RECORDS_LIMIT);
      return records.map(toUserPrayer).filter((prayer): prayer is UserPrayer => prayer !== null);
    },
  };
}

export type FeedService = ReturnType<typeof feedService>;

const nextUtcMidnight = (now: number): number => {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
};
