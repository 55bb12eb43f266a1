import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { feedKeys, generationStatsKeys, recordKeys, searchKeys } from '@selah/domain/contract/query-keys';
import type { Feed } from '@selah/domain/feed';
import { USER_RECORDS_LIMIT } from '@selah/domain/feed-limits';
import type { PrayerRecord, RecordsPage, RecordStatus } from '@selah/domain/records';
import { toUserPrayer } from '@selah/domain/record-views';
import { eventPayload, isNotOlder, timeOf } from '../../../lib/live-data';

// What a changed record (an event of GET /api/events, or an API answer) does to the cached queries.
// Type imports only: the domain's record and feed modules define zod schemas, which stay out of the
// initial bundle (this file is loaded with the app shell through app/live-events.tsx).

/** The library's infinite query (GET /api/records), pages keyed by their cursor. */
export type RecordsCursor = string | null;
export type RecordsData = InfiniteData<RecordsPage, RecordsCursor>;

// Copies rather than Array#with/#toSpliced: the build targets ES2022 browsers.
const replaceAt = <T>(items: readonly T[], index: number, item: T): T[] => items.map((current, i) => (i === index ? item : current));
const insertAt = <T>(items: readonly T[], index: number, item: T): T[] => [...items.slice(0, index), item, ...items.slice(index)];
const removeAt = <T>(items: readonly T[], index: number): T[] => items.filter((_item, i) => i !== index);

/** Index at which an item created at `createdAt` belongs in a newest-first list. */
const insertionIndex = (items: readonly { createdAt: string }[], createdAt: string): number => {
  const at = timeOf(createdAt);
  const index = items.findIndex((item) => timeOf(item.createdAt) < at);
  return index === -1 ? items.length : index;
};

/**
 * The library pages with `record` put in place: replaced where it is (unless the cached copy is newer),
 * otherwise inserted by createdAt (a new record lands at the top). A record older than everything loaded
 * while more pages remain is left for the page that will bring it.
 */
export function upsertRecordInPages(data: RecordsData | undefined, record: PrayerRecord): RecordsData | undefined {
  if (!data || data.pages.length === 0) return data;
  for (const [pageIndex, page] of data.pages.entries()) {
    const index = page.items.findIndex((item) => item.id === record.id);
    if (index === -1) continue;
    if (!isNotOlder(record, page.items[index]!)) return data;
    return { ...data, pages: replaceAt(data.pages, pageIndex, { ...page, items: replaceAt(page.items, index, record) }) };
  }
  const at = timeOf(record.createdAt);
  const pageIndex = data.pages.findIndex((page) => page.items.some((item) => timeOf(item.createdAt) < at));
  if (pageIndex === -1) {
    const last = data.pages.length - 1;
    const lastPage = data.pages[last]!;
    if (lastPage.nextCursor !== null) return data;
    return { ...data, pages: replaceAt(data.pages, last, { ...lastPage, items: [...lastPage.items, record] }) };
  }
  const page = data.pages[pageIndex]!;
  const items = insertAt(page.items, insertionIndex(page.items, record.createdAt), record);
  return { ...data, pages: replaceAt(data.pages, pageIndex, { ...page, items }) };
}

/**
 * The feed with its user prayers brought up to date with `record`: replaced in place, removed when it
 * failed, or inserted by createdAt (a new one first). Signed-out feeds (userPrayers null) stay as they are.
 */
export function upsertRecordInFeed(feed: Feed | undefined, record: PrayerRecord): Feed | undefined {
  if (!feed || feed.userPrayers === null) return feed;
  const prayer = toUserPrayer(record);
  const current = feed.userPrayers;
  const index = current.findIndex((item) => item.id === record.id);
  if (prayer === null) return index === -1 ? feed : { ...feed, userPrayers: removeAt(current, index) };
  if (index !== -1) return { ...feed, userPrayers: replaceAt(current, index, prayer) };
  const userPrayers = insertAt(current, insertionIndex(current, prayer.createdAt), prayer).slice(0, USER_RECORDS_LIMIT);
  return { ...feed, userPrayers };
}

/**
 * Applies one changed record to every cache that shows it, without refetching: the library pages, each
 * dashboard feed, and (once it completes) the search results and generation stats, which are invalidated.
 */
export function applyRecordChange(queryClient: QueryClient, record: PrayerRecord): void {
  queryClient.setQueryData<RecordsData>(recordKeys.all, (data) => upsertRecordInPages(data, record));
  queryClient.setQueriesData<Feed>({ queryKey: feedKeys.all }, (feed) => upsertRecordInFeed(feed, record));
  if (record.status === 'completed') {
    void queryClient.invalidateQueries({ queryKey: generationStatsKeys.all });
    void queryClient.invalidateQueries({ queryKey: searchKeys.all });
  }
}

const STATUSES: ReadonlySet<RecordStatus> = new Set<RecordStatus>(['pending', 'processing', 'completed', 'failed']);

/**
 * The record of a `record` event's data, or null when the data is not one. A light check rather than the
 * domain's zod schema, which would bring zod into the initial bundle.
 */
export function parseRecordEvent(data: string): PrayerRecord | null {
  const record = eventPayload(data, 'record', 'record');
  if (!record) return null;
  const candidate = record as Partial<Record<keyof PrayerRecord, unknown>>;
  const valid =
    typeof candidate.id === 'string' &&
    typeof candidate.status === 'string' &&
    STATUSES.has(candidate.status as RecordStatus) &&
    typeof candidate.createdAt === 'string' &&
    typeof candidate.updatedAt === 'string' &&
    typeof candidate.preference === 'string';
  return valid ? (record as PrayerRecord) : null;
}
