import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem, ContentTexts, Feed } from '@selah/domain/feed';
import { records } from '../src/platform/db/schema';
import { importContent, type Voicer } from '../src/modules/content/content.import';
import { contentQueries } from '../src/modules/content/content.queries';
import { publishDailyPrayers } from '../src/modules/content/daily.service';
import { createTestApp, registerUser, type TestApp } from './helpers';

const contentDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/content');

/** Stands in for the voice pipeline: records what it was asked to voice, returns distinct bytes. */
function recordingVoicer(id = 'test-voice') {
  const voiced: string[] = [];
  const voicer: Voicer = {
    id,
    voice: async ({ text, language }) => {
      voiced.push(`${language}:${text.slice(0, 40)}`);
      return { data: Buffer.from(`${id}|${language}|${text}`), durationSeconds: 42.5, contentType: 'audio/mpeg', extension: 'mp3' };
    },
  };
  return { voicer, voiced };
}

const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as never;

describe('content import and the dashboard feed', () => {
  let t: TestApp;
  const media = new Map<string, Buffer>();
  const writer = {
    put: async (data: Buffer) => {
      const url = `/media/${media.size}-${data.length}.mp3`;
      media.set(url, data);
      return url;
    },
  };
  const runImport = (voicer: Voicer) =>
    importContent({ contentDir, queries: contentQueries(t.database.db), voicer, media: writer, logger: silentLogger });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const feed = async (lng: string, headers: Record<string, string> = {}) => t.app.inject({ url: `/api/feed?lng=${lng}`, headers });

  it('imports and voices every translation once; a second import voices nothing', async () => {
    const first = recordingVoicer();
    const summary = await runImport(first.voicer);
    // 3 items x 3 languages + 3 daily x 2 languages + journey days (faith-boost 5 x en, es; quiet-peace 5 x en)
    expect(summary).toMatchObject({ categories: 2, items: 3, dailyPrayers: 3, journeys: 2, voiced: 30, unchanged: 0 });
    expect(first.voiced.some((line) => line.startsWith('es:Morning Offering es.'))).toBe(true);

    const second = recordingVoicer();
    expect(await runImport(second.voicer)).toMatchObject({ voiced: 0, unchanged: 30 });
    expect(second.voiced).toEqual([]);

    // A different voice re-voices everything.
    expect((await runImport(recordingVoicer('another-voice').voicer)).voiced).toBe(30);
    await publishDailyPrayers(contentQueries(t.database.db), new Date(), 10);
    t.app.feed.invalidate();
  });

  it('serves the feed in English: daily prayers newest first, popular prayers, categories in order', async () => {
    const response = await feed('en');
    expect(response.statusCode).toBe(200);
    const body = response.json<Feed>();
    expect(body.language).toBe('en');
    expect(body.dailyPrayers).toHaveLength(10);
    const dates = body.dailyPrayers.map((prayer) => prayer.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(dates[0]).toBe(new Date().toISOString().slice(0, 10));
    expect(body.popularPrayers.map((item) => item.title)).toEqual(['Morning Offering en', 'Evening Rest en']);
    expect(body.categories.map((category) => [category.id, category.name])).toEqual([
      ['faith', 'Faith'],
      ['peace', 'Peace'],
    ]);
    expect(body.categories[1]!.items.map((item) => item.slug)).toEqual(['peace-still-waters']);
    for (const item of [...body.popularPrayers, ...body.dailyPrayers]) {
      expect(item.audioUrl).toMatch(/^\/media\//);
      expect(item.duration).toBe(42.5);
    }
    expect(body.userPrayers).toBeNull();
  });

  it('serves Spanish with Spanish daily prayers, and Polish without daily prayers', async () => {
    const es = (await feed('es')).json<Feed>();
    expect(es.dailyPrayers.length).toBe(10);
    expect(es.dailyPrayers[0]!.title).toMatch(/ es$/);
    expect(es.popularPrayers[0]!.title).toBe('Morning Offering es');
    expect(es.categories[0]!.name).toBe('Fe');

    const pl = (await feed('pl')).json<Feed>();
    expect(pl.dailyPrayers).toEqual([]);
    expect(pl.popularPrayers[0]!.title).toBe('Morning Offering pl');
    expect(pl.categories.map((category) => category.name)).toEqual(['Wiara', 'Pokój']);
  });

  it('falls back to English for other languages', async () => {
    const body = (await feed('fr')).json<Feed>();
    expect(body.language).toBe('en');
    expect(body.popularPrayers[0]!.title).toBe('Morning Offering en');
  });

  it('answers a repeat visit with 304 through the ETag', async () => {
    const first = await feed('es');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toContain('no-cache');
    const again = await feed('es', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('sends the feed compressed as the browser asks (br, else gzip), the same JSON as uncompressed', async () => {
    const plain = await feed('en');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await feed('en', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await feed('en', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('answers the same while the content is rebuilt as from the cache, for the feed and the words', async () => {
    const get = (url: string) => t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    for (const url of ['/api/feed?lng=es', '/api/content/texts?lng=es']) {
      t.app.feed.invalidate();
      // The first ones wait for the one rebuild; the next is answered from the cache at once.
      const during = await Promise.all([get(url), get(url), get(url)]);
      const cached = await get(url);
      for (const response of [...during, cached]) {
        expect(response.statusCode).toBe(200);
        expect(response.headers.etag).toBe(cached.headers.etag);
        expect(response.headers['content-encoding']).toBe('br');
        expect(response.rawPayload.equals(cached.rawPayload)).toBe(true);
      }
      expect(JSON.parse(brotliDecompressSync(cached.rawPayload).toString())).toMatchObject({ language: 'es' });
    }
  });

  it("adds the signed-in user's prayers (completed, pending, processing), newest first", async () => {
    const { id, cookie } = await registerUser(t.app, 'feed-user@example.com');
    const other = await registerUser(t.app, 'feed-other@example.com');
    const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 0, minutes));
    await t.database.db.insert(records).values([
      { userId: id, status: 'completed', title: 'Old', audioUrl: '/media/a.mp3', duration: 60, createdAt: at(1) },
      { userId: id, status: 'pending', createdAt: at(3) },
      { userId: id, status: 'failed', title: 'Broken', createdAt: at(4) },
      { userId: id, status: 'processing', createdAt: at(2) },
      { userId: other.id, status: 'completed', title: 'Not mine', audioUrl: '/media/b.mp3', createdAt: at(5) },
    ]);
    const response = await feed('en', { cookie });
    const body = response.json<Feed>();
    expect(body.userPrayers?.map((prayer) => prayer.status)).toEqual(['pending', 'processing', 'completed']);
    expect(JSON.stringify(body.userPrayers)).not.toContain('Not mine');
    // Compressed as asked, and a repeat visit is a 304.
    const br = await feed('en', { cookie, 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(response.body);
    expect(br.headers.etag).toBe(response.headers.etag);
    expect((await feed('en', { cookie, 'if-none-match': response.headers.etag as string })).statusCode).toBe(304);
  });

  it('keeps the words out of the cards and sends the words of every card in one call, in the language', async () => {
    const body = (await feed('es')).json<Feed>();
    const cards = [...body.dailyPrayers, ...body.popularPrayers, ...body.categories.flatMap((category) => category.items)];
    expect(cards.length).toBeGreaterThan(10);
    for (const card of cards) expect(card).not.toHaveProperty('text');

    const response = await t.app.inject({ url: '/api/content/texts?lng=es', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    const texts = JSON.parse(brotliDecompressSync(response.rawPayload).toString()) as ContentTexts;
    expect(texts.language).toBe('es');
    expect(Object.keys(texts.texts).sort()).toEqual(cards.map((card) => card.id).sort());
    expect(Object.values(texts.texts).every((text) => text.startsWith('Señor, tú estás cerca.'))).toBe(true);

    const again = await t.app.inject({ url: '/api/content/texts?lng=es', headers: { 'if-none-match': response.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const pl = (await t.app.inject({ url: '/api/content/texts?lng=pl' })).json<ContentTexts>();
    expect(Object.values(pl.texts).every((text) => text.startsWith('Panie, Ty jesteś blisko.'))).toBe(true);
    const bad = await t.app.inject({ url: '/api/content/texts?lng=es&extra=1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it('lists categories and default content by preference, and rejects a bad preference', async () => {
    const categories = await t.app.inject({ url: '/api/categories?lng=pl' });
    expect(categories.json()).toEqual([
      { id: 'faith', order: 1, name: 'Wiara' },
      { id: 'peace', order: 2, name: 'Pokój' },
    ]);
    const peace = await t.app.inject({ url: '/api/content?preference=peace&lng=es' });
    expect(peace.json<ContentItem[]>().map((item) => item.title)).toEqual(['Still Waters es']);
    expect(peace.json<ContentItem[]>()[0]!.text).toMatch(/^Señor, tú estás cerca\./);
    const bad = await t.app.inject({ url: '/api/content?preference=../../etc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });
});
