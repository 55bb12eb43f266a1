import { describe, expect, it } from 'vitest';
import type { ContentQueries } from './content.queries';
import { feedService } from './feed.service';

const createdAt = new Date('2026-11-01T00:00:00Z');
const item = (title: string) => ({
  id: 'item-1',
  slug: 'morning',
  preference: 'prayers',
  sortOrder: 1,
  createdAt,
  language: 'en',
  title,
  text: `${title}: the words.`,
  audioUrl: '/media/a.mp3',
  duration: 60,
});

/** Queries that count the feed builds and answer after `release()`, with the current title. */
function slowQueries() {
  const state = { builds: 0, title: 'First', fail: false };
  let release: () => void = () => undefined;
  let gate = Promise.resolve();
  const queries = {
    activeItems: async () => {
      state.builds += 1;
      const { title, fail } = state;
      await gate;
      if (fail) throw new Error('database went away');
      return [item(title)];
    },
    categoriesWithNames: async () => [],
    latestDailyPrayers: async () => [],
  } as unknown as ContentQueries;
  return {
    queries,
    state,
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

const NOON = Date.parse('2026-11-22T12:00:00Z');

describe('the public feed cache', () => {
  it('keeps the words apart from the cards', async () => {
    const { queries } = slowQueries();
    const content = await feedService(queries).publicContent('en', NOON);
    expect(content.feed.popularPrayers[0]).not.toHaveProperty('text');
    expect(content.texts).toEqual({ language: 'en', texts: { 'item-1': 'First: the words.' } });
  });

  it('builds once for many requests at once, and serves the stale copy while it rebuilds', async () => {
    const db = slowQueries();
    const feed = feedService(db.queries);
    const first = await feed.publicContent('en', NOON);
    expect(db.state.builds).toBe(1);
    // Within the minute: the same object, no query.
    expect(await feed.publicContent('en', NOON + 30_000)).toBe(first);
    expect(db.state.builds).toBe(1);

    db.hold();
    db.state.title = 'Second';
    const later = NOON + 61_000;
    const during = await Promise.all(Array.from({ length: 20 }, () => feed.publicContent('en', later)));
    expect(db.state.builds).toBe(2);
    expect(during.every((content) => content === first)).toBe(true);
    db.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const rebuilt = await feed.publicContent('en', later);
    expect(rebuilt.feed.popularPrayers[0]?.title).toBe('Second');
    expect(db.state.builds).toBe(2);
  });

  it('waits for the rebuild when the day changed, and tries again after a failed one', async () => {
    const db = slowQueries();
    const feed = feedService(db.queries);
    await feed.publicContent('en', NOON);
    db.state.fail = true;
    const tomorrow = NOON + 24 * 60 * 60 * 1000;
    await expect(feed.publicContent('en', tomorrow)).rejects.toThrow('database went away');
    db.state.fail = false;
    db.state.title = 'Tomorrow';
    expect((await feed.publicContent('en', tomorrow)).feed.popularPrayers[0]?.title).toBe('Tomorrow');
  });

  it('forgets a build that started before invalidate()', async () => {
    const db = slowQueries();
    const feed = feedService(db.queries);
    db.hold();
    const old = feed.publicContent('en', NOON);
    feed.invalidate();
    db.state.title = 'Imported';
    db.release();
    expect((await old).feed.popularPrayers[0]?.title).toBe('First');
    expect((await feed.publicContent('en', NOON)).feed.popularPrayers[0]?.title).toBe('Imported');
  });
});
