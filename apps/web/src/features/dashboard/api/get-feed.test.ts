import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DailyPrayer, Feed } from '@selah/domain/feed';
import { dailyPrayersQueryOptions, feedQueryOptions } from './get-feed';

// The session hook is not used by the query options; its module makes the auth client, which needs a window.
vi.mock('../../../lib/auth', () => ({ useAuth: () => ({ user: null }) }));

const MINUTE = 60 * 1000;

const daily = (date: string): DailyPrayer => ({
  id: date,
  date,
  language: 'en',
  title: `Prayer of ${date}`,
  audioUrl: '/a.mp3',
  duration: 120,
});
const feed = (date: string): Feed => ({
  language: 'en',
  dailyPrayers: [daily(date)],
  popularPrayers: [],
  categories: [],
  userPrayers: null,
});

describe('the dashboard caches', () => {
  let answers: Feed[];
  let requests: number;
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2026-03-10T12:00:00Z') });
    requests = 0;
    answers = [feed('2026-03-10')];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const answer = answers[Math.min(requests, answers.length - 1)];
        requests += 1;
        return new Response(JSON.stringify(answer), { status: 200 });
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps the feed fresh for 5 minutes and the daily prayers for an hour (spec section 9)', () => {
    const client = new QueryClient();
    expect(feedQueryOptions('en', null).staleTime).toBe(5 * MINUTE);
    expect(dailyPrayersQueryOptions(client, 'en', null).staleTime).toBe(60 * MINUTE);
  });

  it('reads the daily prayers from the feed, with no request of their own', async () => {
    const client = new QueryClient();
    const [prayers] = await Promise.all([
      client.fetchQuery(dailyPrayersQueryOptions(client, 'en', 'user-1')),
      client.fetchQuery(feedQueryOptions('en', 'user-1')),
    ]);
    expect(prayers.map((prayer) => prayer.date)).toEqual(['2026-03-10']);
    expect(requests).toBe(1);
  });

  it('keeps the daily prayers for an hour while the rest of the feed refreshes after 5 minutes', async () => {
    const client = new QueryClient();
    answers = [feed('2026-03-10'), feed('2026-03-11')];
    await client.fetchQuery(dailyPrayersQueryOptions(client, 'en', null));
    expect(requests).toBe(1);

    // Ten minutes on: the feed is stale and refetched (new daily prayers in it); the cached ones stay.
    vi.advanceTimersByTime(10 * MINUTE);
    const refreshed = await client.fetchQuery(feedQueryOptions('en', null));
    expect(requests).toBe(2);
    expect(refreshed.dailyPrayers[0]?.date).toBe('2026-03-11');
    expect((await client.fetchQuery(dailyPrayersQueryOptions(client, 'en', null)))[0]?.date).toBe('2026-03-10');

    // After the hour they are read again, from the feed (fresh: no further request).
    vi.advanceTimersByTime(51 * MINUTE);
    await client.fetchQuery(feedQueryOptions('en', null));
    expect(requests).toBe(3);
    expect((await client.fetchQuery(dailyPrayersQueryOptions(client, 'en', null)))[0]?.date).toBe('2026-03-11');
    expect(requests).toBe(3);
  });
});
