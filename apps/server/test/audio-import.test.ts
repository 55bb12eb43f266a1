import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feed } from '@selah/domain/feed';
import { importContent } from '../src/modules/content/content.import';
import { contentQueries } from '../src/modules/content/content.queries';
import { publishDailyPrayers } from '../src/modules/content/daily.service';
import { verifyImportedAudio } from '../src/modules/content/verify-audio';
import { createContentVoicer } from '../src/modules/content/voicer';
import { createTestApp, type TestApp } from './helpers';

const contentDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/content');
const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as never;

/**
 * The real import with the real voice (espeak + ffmpeg) on the fixture content, then a listen by proxy:
 * every imported file decodes to its stored duration (within 0.5 s), is mono, not silent, near -16 LUFS,
 * and plays through the app's /media route with HTTP Range.
 */
describe('importing content with the real voice pipeline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('voices every translation into files that pass the audio check', { timeout: 240_000 }, async () => {
    const queries = contentQueries(t.database.db);
    const summary = await importContent({
      contentDir,
      queries,
      voicer: createContentVoicer(t.config),
      media: t.app.media,
      logger: silentLogger,
    });
    // 3 items x 3 languages + 3 daily x 2 languages + 15 journey days
    expect(summary.voiced).toBe(30);
    await publishDailyPrayers(queries, new Date(), 3);
    t.app.feed.invalidate();

    const { checked, problems } = await verifyImportedAudio(queries, t.config.mediaDir);
    expect(checked).toBe(30);
    expect(problems).toEqual([]);

    const feed = (await t.app.inject({ url: '/api/feed?lng=es' })).json<Feed>();
    const url = feed.popularPrayers[0]!.audioUrl;
    const range = await t.app.inject({ url, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(100);
    expect(range.headers['content-type']).toMatch(/^audio\/mpeg/);
  });
});
