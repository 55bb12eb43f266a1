import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { recordKeys } from '@selah/domain/contract/query-keys';
import type { Feed, UserPrayer } from '@selah/domain/feed';
import type { PrayerRecord, SearchResponse } from '@selah/domain/records';
import { toUserPrayer } from '@selah/domain/record-views';
import { applyRecordChange, parseRecordEvent, upsertRecordInFeed, upsertRecordInPages, type RecordsData } from './record-events';

/** Records are created a minute apart: minute 10 is newer than minute 9. */
const at = (minute: number, second = 0) => new Date(Date.UTC(2026, 10, 22, 8, minute, second)).toISOString();

function record(id: string, minute: number, overrides: Partial<PrayerRecord> = {}): PrayerRecord {
  return {
    id,
    status: 'completed',
    stage: null,
    title: `Prayer ${id}`,
    text: 'Lord, be near.',
    audioUrl: `/media/${id}.mp3`,
    streamUrl: null,
    duration: 180,
    preference: 'peace',
    experience: 'prayer',
    description: '',
    length: 3,
    slug: null,
    image: null,
    error: null,
    createdAt: at(minute),
    updatedAt: at(minute),
    ...overrides,
  };
}

const pages = (...pageList: { items: PrayerRecord[]; nextCursor: string | null }[]): RecordsData => ({
  pages: pageList,
  pageParams: pageList.map((_page, index) => (index === 0 ? null : `cursor-${index}`)),
});

const ids = (data: RecordsData | undefined) => data?.pages.map((page) => page.items.map((item) => item.id));

function feed(userPrayers: UserPrayer[] | null): Feed {
  return { language: 'en', dailyPrayers: [], popularPrayers: [], categories: [], userPrayers };
}

const prayer = (id: string, minute: number, overrides: Partial<PrayerRecord> = {}) => toUserPrayer(record(id, minute, overrides))!;

describe('upsertRecordInPages', () => {
  it('puts a new record at the top of the first page', () => {
    const data = pages({ items: [record('b', 9), record('a', 8)], nextCursor: 'next' });
    const next = upsertRecordInPages(data, record('c', 10, { status: 'pending', title: null, audioUrl: null }));
    expect(ids(next)).toEqual([['c', 'b', 'a']]);
    expect(next?.pages[0]?.nextCursor).toBe('next');
  });

  it('replaces a known record where it is, on any page', () => {
    const data = pages(
      { items: [record('c', 10), record('b', 9)], nextCursor: 'c1' },
      { items: [record('a', 8, { status: 'processing' })], nextCursor: null },
    );
    const done = record('a', 8, { status: 'completed', updatedAt: at(12) });
    const next = upsertRecordInPages(data, done);
    expect(ids(next)).toEqual([['c', 'b'], ['a']]);
    expect(next?.pages[1]?.items[0]).toBe(done);
    expect(next?.pages[0]).toBe(data.pages[0]);
  });

  it('ignores an answer older than the cached record', () => {
    const data = pages({ items: [record('a', 8, { status: 'processing', stage: 'voicing', updatedAt: at(11) })], nextCursor: null });
    const stale = record('a', 8, { status: 'pending', updatedAt: at(10) });
    expect(upsertRecordInPages(data, stale)).toBe(data);
  });

  it('inserts an unknown record by creation time, and leaves older ones to pages not loaded yet', () => {
    const data = pages({ items: [record('d', 12), record('b', 9)], nextCursor: 'c1' });
    expect(ids(upsertRecordInPages(data, record('c', 10)))).toEqual([['d', 'c', 'b']]);
    expect(upsertRecordInPages(data, record('a', 1))).toBe(data);
    const lastPage = pages({ items: [record('d', 12)], nextCursor: null });
    expect(ids(upsertRecordInPages(lastPage, record('a', 1)))).toEqual([['d', 'a']]);
  });

  it('leaves a library that was never loaded alone', () => {
    expect(upsertRecordInPages(undefined, record('a', 1))).toBeUndefined();
  });
});

describe('upsertRecordInFeed', () => {
  it('maps a record to a user prayer, keeping the stage only while processing', () => {
    const playlist = '/media/private/u1/streams/a.m3u8?exp=1&sig=s';
    expect(toUserPrayer(record('a', 1, { status: 'processing', stage: 'voicing', streamUrl: playlist }))).toEqual({
      id: 'a',
      status: 'processing',
      stage: 'voicing',
      title: 'Prayer a',
      text: 'Lord, be near.',
      audioUrl: '/media/a.mp3',
      streamUrl: playlist,
      duration: 180,
      length: 3,
      preference: 'peace',
      experience: 'prayer',
      slug: null,
      createdAt: at(1),
    });
    expect(toUserPrayer(record('a', 1, { status: 'completed', stage: 'finishing' }))?.stage).toBeNull();
    expect(toUserPrayer(record('a', 1, { status: 'failed', error: 'boom' }))).toBeNull();
  });

  it('prepends a new prayer and replaces a known one', () => {
    const current = feed([prayer('b', 9, { status: 'processing', stage: 'writing' }), prayer('a', 8)]);
    const added = upsertRecordInFeed(current, record('c', 10, { status: 'pending', title: null }));
    expect(added?.userPrayers?.map((item) => item.id)).toEqual(['c', 'b', 'a']);
    const voiced = upsertRecordInFeed(added, record('b', 9, { status: 'processing', stage: 'voicing' }));
    expect(voiced?.userPrayers?.[1]).toMatchObject({ id: 'b', status: 'processing', stage: 'voicing' });
  });

  it('removes a failed prayer, and ignores a failed one it never showed', () => {
    const current = feed([prayer('b', 9, { status: 'processing' }), prayer('a', 8)]);
    expect(upsertRecordInFeed(current, record('b', 9, { status: 'failed' }))?.userPrayers?.map((item) => item.id)).toEqual(['a']);
    expect(upsertRecordInFeed(current, record('x', 10, { status: 'failed' }))).toBe(current);
  });

  it('keeps at most 20 prayers and leaves a signed-out feed alone', () => {
    const full = feed(Array.from({ length: 20 }, (_item, index) => prayer(`p${index}`, 40 - index)));
    const next = upsertRecordInFeed(full, record('new', 50));
    expect(next?.userPrayers).toHaveLength(20);
    expect(next?.userPrayers?.[0]?.id).toBe('new');
    const signedOut = feed(null);
    expect(upsertRecordInFeed(signedOut, record('a', 1))).toBe(signedOut);
  });
});

describe('applyRecordChange', () => {
  function seeded() {
    const client = new QueryClient();
    client.setQueryData<RecordsData>(recordKeys.all, pages({ items: [record('a', 8, { status: 'processing' })], nextCursor: null }));
    client.setQueryData<Feed>(['feed', 'en', 'user-1'], feed([prayer('a', 8, { status: 'processing' })]));
    client.setQueryData<Feed>(['feed', 'es', 'user-1'], feed([prayer('a', 8, { status: 'processing' })]));
    client.setQueryData<SearchResponse>(['search', 'peace', 'en'], { query: 'peace', results: [] });
    client.setQueryData(['generation-stats'], { totalCount: 1 });
    return client;
  }
  const invalidated = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

  it('updates the library and every feed, and leaves search and stats while a record is in progress', () => {
    const client = seeded();
    applyRecordChange(client, record('a', 8, { status: 'processing', stage: 'voicing', updatedAt: at(9) }));
    expect(client.getQueryData<RecordsData>(recordKeys.all)?.pages[0]?.items[0]?.stage).toBe('voicing');
    expect(client.getQueryData<Feed>(['feed', 'en', 'user-1'])?.userPrayers?.[0]?.stage).toBe('voicing');
    expect(client.getQueryData<Feed>(['feed', 'es', 'user-1'])?.userPrayers?.[0]?.stage).toBe('voicing');
    expect(invalidated(client, ['search', 'peace', 'en'])).toBe(false);
    expect(invalidated(client, ['generation-stats'])).toBe(false);
    expect(invalidated(client, recordKeys.all)).toBe(false);
  });

  it('invalidates search and generation stats once a record completes', () => {
    const client = seeded();
    applyRecordChange(client, record('a', 8, { status: 'completed', updatedAt: at(10) }));
    expect(client.getQueryData<Feed>(['feed', 'en', 'user-1'])?.userPrayers?.[0]?.status).toBe('completed');
    expect(invalidated(client, ['search', 'peace', 'en'])).toBe(true);
    expect(invalidated(client, ['generation-stats'])).toBe(true);
    expect(invalidated(client, recordKeys.all)).toBe(false);
  });
});

describe('parseRecordEvent', () => {
  it('reads the record of a record event', () => {
    const data = record('a', 1);
    expect(parseRecordEvent(JSON.stringify({ type: 'record', record: data }))).toEqual(data);
  });

  it('rejects anything else', () => {
    expect(parseRecordEvent('not json')).toBeNull();
    expect(parseRecordEvent('null')).toBeNull();
    expect(parseRecordEvent(JSON.stringify({ type: 'journey', record: record('a', 1) }))).toBeNull();
    expect(parseRecordEvent(JSON.stringify({ type: 'record', record: { ...record('a', 1), status: 'unknown' } }))).toBeNull();
    expect(parseRecordEvent(JSON.stringify({ type: 'record', record: { id: 'a' } }))).toBeNull();
  });
});
