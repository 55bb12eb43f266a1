import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feed } from '@selah/domain/feed';
import { importContent } from '../src/modules/content/content.import';
import { contentQueries } from '../src/modules/content/content.queries';
import { publishDailyPrayers } from '../src/modules/content/daily.service';
import { verifyImportedAudio } from '../src/modules/content/verify-audio';
import { contentBeds, createContentVoicer } from '../src/modules/content/voicer';
import { runFfmpeg } from '../src/generation/master/ffmpeg';
import { analyzeAudio } from '../src/generation/master/measure-audio';
import { cuesUrlOf } from '@selah/domain/player';
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
      beds: contentBeds,
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

    // Its spoken lines beside it (issue 22): the title first, then the text, each with its time.
    const cues = await t.app.inject({ url: cuesUrlOf(url) });
    expect(cues.statusCode).toBe(200);
    expect(cues.headers['content-type']).toMatch(/^text\/vtt/);
    const lines = cues.body.split('\n');
    expect(lines[0]).toBe('WEBVTT');
    expect(lines[4]).toBe(`${feed.popularPrayers[0]!.title}.`);
    expect(cues.body.match(/-->/g)!.length).toBeGreaterThan(1);
  });

  it(
    'makes the background sounds once: each a seamless loop at about -28 LUFS, served as GET /api/sounds lists them',
    { timeout: 120_000 },
    async () => {
      const answer = (await t.app.inject({ url: '/api/sounds' })).json<{
        sounds: Array<{ id: string; audioUrl: string; loop: { start: number; end: number } }>;
      }>();
      expect(answer.sounds.map((sound) => sound.id)).toEqual(['pad', 'rain', 'waves']);
      for (const sound of answer.sounds) {
        expect(sound.loop).toEqual({ start: 1, end: 61 });
        const file = path.join(t.config.mediaDir, path.basename(sound.audioUrl));
        const analysis = await analyzeAudio(file);
        expect(analysis.durationSeconds).toBeGreaterThanOrEqual(61.5);
        expect(analysis.integratedLufs).toBeGreaterThan(-30);
        expect(analysis.integratedLufs).toBeLessThan(-26);
        // Seamless: the decoded audio at the loop's end is the audio at its start, sample for sample.
        const { stdout } = await runFfmpeg(['-i', file, '-f', 's16le', '-ac', '1', '-ar', '24000', '-']);
        const at = (seconds: number) => stdout.subarray(seconds * 24000 * 2, seconds * 24000 * 2 + 2000);
        expect(at(61).equals(at(1))).toBe(true);
      }
      // Made once: a second import leaves them as they are.
      const before = answer.sounds.map((sound) => sound.audioUrl);
      await importContent({
        contentDir,
        queries: contentQueries(t.database.db),
        voicer: createContentVoicer(t.config),
        beds: contentBeds,
        media: t.app.media,
        logger: silentLogger,
      });
      const after = (await t.app.inject({ url: '/api/sounds' }))
        .json<{ sounds: Array<{ audioUrl: string }> }>()
        .sounds.map((sound) => sound.audioUrl);
      expect(after).toEqual(before);
    },
  );
});
