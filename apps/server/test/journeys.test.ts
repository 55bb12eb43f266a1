import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JourneyDay, JourneyDetail, JourneySummary, Progress } from '@selah/domain/journeys';
import { importContent, type Voicer } from '../src/modules/content/content.import';
import { contentQueries } from '../src/modules/content/content.queries';
import { createTestApp, expectApiError, registerUser, TEST_ORIGIN, type TestApp } from './helpers';

const contentDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/content');
const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as never;

/** Fixed journeys: content, days in each language, and every progress transition on the server. */
describe('fixed journeys API', () => {
  let t: TestApp;
  let alice: { id: string; cookie: string };
  let bob: { id: string; cookie: string };
  const voiced: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const voicer: Voicer = {
      id: 'test-voice',
      voice: async ({ text, language }) => {
        voiced.push(`${language}:${text}`);
        return { data: Buffer.from(`${language}|${text}`), durationSeconds: 150, contentType: 'audio/mpeg', extension: 'mp3' };
      },
    };
    let n = 0;
    await importContent({
      contentDir,
      queries: contentQueries(t.database.db),
      voicer,
      media: { put: async () => `/media/day-${(n += 1)}.mp3` },
      logger: silentLogger,
    });
    alice = await registerUser(t.app, 'alice-journeys@example.com', 'correct horse 1', 'es');
    bob = await registerUser(t.app, 'bob-journeys@example.com');
  });
  afterAll(() => t.close());

  const act = (cookie: string | undefined, journeyId: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/journey-progress/${journeyId}`,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: body,
    });
  const progressOf = async (cookie: string, journeyId: string, body: object) => {
    const response = await act(cookie, journeyId, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ progress: Progress }>().progress;
  };

  it('imports the journeys and voices each day with its verse, reflection and prayer', async () => {
    const day = voiced.find((entry) => entry.startsWith('en:Faith Day 1 en.'));
    expect(day).toContain('Psalm one hundred nineteen, verse one hundred five.');
    expect(day).toContain('Your word is a lamp to my feet');
    expect(day).toContain('Lord, give me light for today.');
  });

  it('lists active journeys in order, in the language asked for with fallback en', async () => {
    const en = (await t.app.inject({ url: '/api/journeys?lng=en' })).json<{ journeys: JourneySummary[] }>().journeys;
    expect(en.map((journey) => journey.id)).toEqual(['faith-boost', 'quiet-peace']);
    expect(en[0]).toMatchObject({ title: 'Faith Boost en', totalDays: 5, language: 'en' });
    // 5 days of 150 s = 12.5 minutes
    expect(en[0]!.totalDuration).toBe(13);
    const es = (await t.app.inject({ url: '/api/journeys?lng=es' })).json<{ journeys: JourneySummary[] }>().journeys;
    expect(es.map((journey) => [journey.title, journey.language])).toEqual([
      ['Impulso de fe es', 'es'],
      ['Quiet Peace en', 'en'],
    ]);
  });

  it('serves a journey with its days, and one day; unknown or bad ids are 404 or 400', async () => {
    const detail = (await t.app.inject({ url: '/api/journeys/faith-boost?lng=es' })).json<JourneyDetail>();
    expect(detail.days.map((day) => day.dayNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(detail.days[0]).toMatchObject({
      title: 'Fe Día 1 es',
      bibleVerse: { reference: 'Salmo 119:105' },
      audioUrl: expect.stringMatching(/^\/media\//),
      duration: 150,
    });
    const day = (await t.app.inject({ url: '/api/journeys/faith-boost/days/2?lng=pl' })).json<JourneyDay>();
    expect(day).toMatchObject({ dayNumber: 2, title: 'Faith Day 2 en', language: 'en' });
    expectApiError(await t.app.inject({ url: '/api/journeys/no-such-journey' }), 404, 'NOT_FOUND');
    expectApiError(await t.app.inject({ url: '/api/journeys/faith-boost/days/9' }), 404, 'NOT_FOUND');
    for (const bad of ['0', '1.5', 'abc', '02', '-1']) {
      expectApiError(await t.app.inject({ url: `/api/journeys/faith-boost/days/${bad}` }), 400, 'VALIDATION_ERROR');
    }
    expectApiError(await t.app.inject({ url: '/api/journeys/Bad_Id!' }), 400, 'VALIDATION_ERROR');
  });

  it('needs a signed-in user for progress', async () => {
    expectApiError(await t.app.inject({ url: '/api/journey-progress' }), 401, 'UNAUTHORIZED');
    expectApiError(await t.app.inject({ url: '/api/journey-progress/faith-boost' }), 401, 'UNAUTHORIZED');
    expectApiError(await act(undefined, 'faith-boost', { action: 'start' }), 401, 'UNAUTHORIZED');
  });

  it('runs every transition server-side: start, complete, skip, deactivate, reactivate, reset — each idempotent', async () => {
    expect((await t.app.inject({ url: '/api/journey-progress/faith-boost', headers: { cookie: alice.cookie } })).json()).toEqual({
      progress: null,
    });
    const started = await progressOf(alice.cookie, 'faith-boost', { action: 'start' });
    expect(started).toMatchObject({
      id: `${alice.id}_faith-boost`,
      currentDay: 1,
      completedDays: [],
      lastCompletedDay: 0,
      isActive: true,
      language: 'es',
      stats: { completionPercentage: 0, isCompleted: false, nextDay: 1, completedCount: 0, totalDays: 5, remainingDays: 5 },
    });
    expect(await progressOf(alice.cookie, 'faith-boost', { action: 'start' })).toEqual(started);

    // Day 2 is locked until day 1 is completed.
    expectApiError(await act(alice.cookie, 'faith-boost', { action: 'complete', day: 2 }), 409, 'DAY_LOCKED');
    const one = await progressOf(alice.cookie, 'faith-boost', { action: 'complete', day: 1 });
    expect(one).toMatchObject({ completedDays: [1], currentDay: 2, lastCompletedDay: 1, stats: { nextDay: 2, completionPercentage: 20 } });
    expect((await progressOf(alice.cookie, 'faith-boost', { action: 'complete', day: 1 })).completedDays).toEqual([1]);

    await progressOf(alice.cookie, 'faith-boost', { action: 'playback', day: 2, audioProgress: 0.4 });
    const skipped = await progressOf(alice.cookie, 'faith-boost', { action: 'skip', day: 2 });
    expect(skipped).toMatchObject({ completedDays: [1, 2], currentDay: 3, lastCompletedDay: 2, audioProgress: 0 });

    const paused = await progressOf(alice.cookie, 'faith-boost', { action: 'deactivate' });
    expect(paused.isActive).toBe(false);
    expect((await progressOf(alice.cookie, 'faith-boost', { action: 'deactivate' })).isActive).toBe(false);
    const resumed = await progressOf(alice.cookie, 'faith-boost', { action: 'reactivate' });
    expect(resumed).toMatchObject({ isActive: true, currentDay: 3 });

    for (const day of [3, 4, 5]) await progressOf(alice.cookie, 'faith-boost', { action: 'complete', day });
    const done = (await t.app.inject({ url: '/api/journey-progress/faith-boost', headers: { cookie: alice.cookie } })).json<{
      progress: Progress;
    }>().progress;
    expect(done.stats).toMatchObject({ isCompleted: true, completionPercentage: 100, nextDay: null, remainingDays: 0 });

    const reset = await progressOf(alice.cookie, 'faith-boost', { action: 'reset' });
    expect(reset).toMatchObject({ completedDays: [], currentDay: 1, lastCompletedDay: 0, isActive: true });

    const all = (await t.app.inject({ url: '/api/journey-progress', headers: { cookie: alice.cookie } })).json<{ progress: Progress[] }>();
    expect(all.progress.map((p) => p.journeyId)).toEqual(['faith-boost']);
  });

  it('completing day 1 starts a journey; other actions need progress; bad bodies are 400', async () => {
    expectApiError(await act(bob.cookie, 'quiet-peace', { action: 'deactivate' }), 404, 'NOT_FOUND');
    expectApiError(await act(bob.cookie, 'quiet-peace', { action: 'reset' }), 404, 'NOT_FOUND');
    const first = await progressOf(bob.cookie, 'quiet-peace', { action: 'complete', day: 1 });
    expect(first).toMatchObject({ completedDays: [1], currentDay: 2, language: 'en' });
    for (const body of [
      { action: 'complete' },
      { action: 'complete', day: 0 },
      { action: 'complete', day: 1.5 },
      { action: 'fly' },
      { action: 'playback', day: 1, audioProgress: 2 },
      { action: 'start', extra: true },
    ]) {
      expectApiError(await act(bob.cookie, 'quiet-peace', body), 400, 'VALIDATION_ERROR');
    }
    expectApiError(await act(bob.cookie, 'quiet-peace', { action: 'complete', day: 6 }), 404, 'NOT_FOUND');
    expectApiError(await act(bob.cookie, 'no-such-journey', { action: 'start' }), 404, 'NOT_FOUND');
  });

  it('keeps each user’s progress their own', async () => {
    const bobs = (await t.app.inject({ url: '/api/journey-progress', headers: { cookie: bob.cookie } })).json<{ progress: Progress[] }>();
    expect(bobs.progress.map((p) => p.userId)).toEqual([bob.id]);
    expect((await t.app.inject({ url: '/api/journey-progress/faith-boost', headers: { cookie: bob.cookie } })).json()).toEqual({
      progress: null,
    });
  });
});
