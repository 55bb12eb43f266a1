import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalizedJourneyDetail } from '@selah/domain/personalized';
import type { JourneyWriter } from '../src/generation/writer/writer';
import { createVoicePipelineFromConfig, type VoicePipeline } from '../src/generation/voice-text';
import { personalizedJourneys, personalizedJourneySegments, profiles } from '../src/platform/db/schema';
import { personalizedQueries } from '../src/modules/personalized/personalized.queries';
import {
  createTestApp,
  expectApiError,
  expectGrowingPlaylist,
  expectStreamIsFile,
  registerUser,
  shortJourneyWriter,
  startJourneyWorker,
  TEST_ORIGIN,
  type TestApp,
} from './helpers';

const DAY = 24 * 60 * 60 * 1000;

/** The personalized 7-day journey: creation, generation on the queue, day opening over time, failure and retry. */
describe('personalized journeys', () => {
  let t: TestApp;
  let worker: Awaited<ReturnType<typeof startJourneyWorker>>;
  let user: { id: string; cookie: string };
  let other: { id: string; cookie: string };
  let writer: JourneyWriter = shortJourneyWriter;
  let voice: VoicePipeline;

  beforeAll(async () => {
    t = await createTestApp();
    voice = createVoicePipelineFromConfig(t.config.voice);
    worker = await startJourneyWorker(t, {
      writer: { name: 'test', write: (request) => writer.write(request) },
      voice: {
        id: voice.id,
        voiceText: (input) => voice.voiceText(input),
        wordsPerMinute: (language) => voice.wordsPerMinute(language),
      },
    });
    user = await registerUser(t.app, 'family@example.com');
    other = await registerUser(t.app, 'stranger@example.com');
    // This suite starts more journeys in a month than the Free plan allows (its limits are tested in journey-limits.test.ts).
    await t.database.db.update(profiles).set({ plan: 'Unlimited Prayer' }).where(eq(profiles.userId, user.id));
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  const create = (cookie: string | undefined, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-personalized-journey',
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload,
    });
  const get = async (id: string, cookie = user.cookie) =>
    (await t.app.inject({ url: `/api/personalized-journeys/${id}`, headers: { cookie } })).json<PersonalizedJourneyDetail>();
  const waitFor = async (id: string, statuses: string[]) => {
    for (let i = 0; i < 600; i += 1) {
      const journey = await get(id);
      if (statuses.includes(journey.status)) return journey;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`journey ${id} never reached ${statuses.join('/')}`);
  };
  const complete = (id: string, day: number | string, cookie = user.cookie) =>
    t.app.inject({
      method: 'POST',
      url: `/api/personalized-journeys/${id}/days/${day}/complete`,
      headers: { origin: TEST_ORIGIN, cookie },
    });

  it('validates: signed in, journey type, non-blank input (trimmed), language', async () => {
    expectApiError(await create(undefined, { journeyType: 'ancestors', input: 'Rosa', language: 'en' }), 401, 'UNAUTHORIZED');
    for (const payload of [
      { journeyType: 'ancestors', input: '   ', language: 'en' },
      { journeyType: 'friends', input: 'Rosa', language: 'en' },
      { journeyType: 'ancestors', input: 'Rosa', language: 'fr' },
      { journeyType: 'ancestors', input: 'x'.repeat(501), language: 'en' },
      { journeyType: 'ancestors', input: 'Rosa', language: 'en', extra: 1 },
      { journeyId: 'nope', journeyType: 'ancestors', input: 'Rosa', language: 'en' },
    ]) {
      expectApiError(await create(user.cookie, payload), 400, 'VALIDATION_ERROR');
    }
  });

  it('creates the journey generating, writes and voices 7 days, then it is active with day 1 open', async () => {
    const journeyId = randomUUID();
    const response = await create(user.cookie, { journeyId, journeyType: 'ancestors', input: '  my grandmother Rosa  ', language: 'en' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<PersonalizedJourneyDetail>()).toMatchObject({
      id: journeyId,
      status: 'generating',
      input: 'my grandmother Rosa',
      days: [],
    });
    // The same id again (the client retrying the call) does not create a second journey.
    expect(
      (await create(user.cookie, { journeyId, journeyType: 'ancestors', input: 'my grandmother Rosa', language: 'en' })).statusCode,
    ).toBe(200);

    const active = await waitFor(journeyId, ['active', 'failed']);
    expect(active.status, active.error ?? '').toBe('active');
    expect(active).toMatchObject({ title: 'Praying for my grandmother Rosa', currentDay: 1, totalDays: 7 });
    expect(active.days.map((day) => day.dayNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const started = Date.parse(active.startedAt!);
    active.days.forEach((day, i) => {
      expect(day.status).toBe('generated');
      // The person's own audio: a short-lived signed address of their private folder.
      expect(day.audioUrl).toMatch(new RegExp(`^/media/private/${user.id}/[0-9a-f]{64}\\.mp3\\?exp=\\d+&sig=[\\w-]+$`));
      expect(day.duration).toBeGreaterThan(1);
      expect(Date.parse(day.availableAt!) - started).toBe(i * DAY);
    });
    const audio = await t.app.inject({ url: active.days[0]!.audioUrl! });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect((await t.app.inject({ url: active.days[0]!.audioUrl!.split('?')[0]! })).statusCode).toBe(403);
    const list = (await t.app.inject({ url: '/api/personalized-journeys', headers: { cookie: user.cookie } })).json<{
      journeys: { id: string }[];
    }>();
    expect(list.journeys.map((journey) => journey.id)).toContain(journeyId);

    // Day 2 stays closed until day 1 is completed and a day has passed.
    expectApiError(await complete(journeyId, 2), 409, 'DAY_LOCKED');
    const afterOne = (await complete(journeyId, 1)).json<PersonalizedJourneyDetail>();
    expect(afterOne).toMatchObject({ currentDay: 2, status: 'active' });
    expect(afterOne.days[0]).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    expect((await complete(journeyId, 1)).statusCode).toBe(200);
    expectApiError(await complete(journeyId, 2), 409, 'DAY_LOCKED');

    // The test clock moves a day on at a time: each day opens in turn, and the last one completes the journey.
    for (let day = 2; day <= 7; day += 1) {
      t.app.clock.advance(DAY);
      const response = await complete(journeyId, day);
      expect(response.statusCode, response.body).toBe(200);
    }
    const done = await get(journeyId);
    expect(done).toMatchObject({ status: 'completed', currentDay: 7, completedAt: expect.any(String) });
  });

  it('plays day 1 as it is voiced, before the other days are made; the finished day is the streamed audio', async () => {
    writer = {
      name: 'long-first-day',
      write: async (request) => {
        const short = await shortJourneyWriter.write(request);
        const script = Array.from(
          { length: 8 },
          (_, i) => `Lord, in the ${i + 1}th hour we remember ${request.input}. Hold them in peace.`,
        ).join('\n\n');
        return { ...short, days: short.days.map((day, i) => (i === 0 ? { ...day, script, targetSeconds: 40 } : day)) };
      },
    };
    // The pipeline waits after day 1's first piece is out until the test has looked: the journey is mid-voicing.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let firstOut!: () => void;
    const firstPublished = new Promise<void>((resolve) => (firstOut = resolve));
    const real = voice;
    let started = 0;
    let startedBeforeFirstPiece = 0;
    voice = {
      ...real,
      id: real.id,
      wordsPerMinute: (language) => real.wordsPerMinute(language),
      voiceText: (input) => {
        started += 1;
        if (!input.onSegment) return real.voiceText(input);
        return real.voiceText({
          ...input,
          onSegment: async (segment) => {
            if (segment.index === 0) startedBeforeFirstPiece = started;
            await input.onSegment!(segment);
            if (segment.index === 0) {
              firstOut();
              await released;
            }
          },
        });
      },
    };
    const journeyId = randomUUID();
    try {
      expect(
        (await create(user.cookie, { journeyId, journeyType: 'ancestors', input: 'my grandfather Tomas', language: 'en' })).statusCode,
      ).toBe(201);
      await firstPublished;
      // Day 1 has the machine to itself until it speaks: no other day had started.
      expect(startedBeforeFirstPiece).toBe(1);
      const voicing = await get(journeyId);
      expect(voicing).toMatchObject({ status: 'generating', days: [], firstDayStream: { seconds: 40 } });
      const streamUrl = voicing.firstDayStream!.url;
      expect(streamUrl).toMatch(new RegExp(`^/media/private/${user.id}/streams/${journeyId}\\.day-1\\.m3u8\\?exp=\\d+&sig=`));
      // The list (and live events) carry the journey only.
      const list = (await t.app.inject({ url: '/api/personalized-journeys', headers: { cookie: user.cookie } })).json<{
        journeys: Record<string, unknown>[];
      }>();
      expect(list.journeys.find((journey) => journey.id === journeyId)).not.toHaveProperty('firstDayStream');

      // The playlist so far: one segment, no end yet.
      await expectGrowingPlaylist(t.app, streamUrl);

      // Only at its signed address, only for its owner.
      const bare = streamUrl.split('?')[0]!;
      expect((await t.app.inject({ url: bare })).statusCode).toBe(403);
      expect((await t.app.inject({ url: streamUrl.replace(user.id, other.id) })).statusCode).toBe(403);
      expect((await t.app.inject({ url: streamUrl.replace('.day-1', '') })).statusCode).toBe(403);
      expect((await t.app.inject({ url: `${bare.replace('.day-1', '.day-2')}?exp=1&sig=x` })).statusCode).toBe(400);
      const signedForOther = t.services.signer.sign(`/media/private/${other.id}/streams/${journeyId}.day-1.m3u8`);
      expectApiError(await t.app.inject({ url: signedForOther }), 404, 'NOT_FOUND');
    } finally {
      release();
      voice = real;
      writer = shortJourneyWriter;
    }

    const active = await waitFor(journeyId, ['active', 'failed']);
    expect(active.status, active.error ?? '').toBe('active');
    expect(active.firstDayStream).toBeNull();
    // The playlist ends, and its segments joined are day 1's finished file, sample for sample.
    const listed = await expectStreamIsFile(
      t.app,
      t.services.signer.sign(`/media/private/${user.id}/streams/${journeyId}.day-1.m3u8`),
      active.days[0]!.audioUrl!,
    );
    expect(Math.abs(listed - active.days[0]!.duration!)).toBeLessThan(0.1);
  });

  it('ends day 1’s playlist when the journey fails mid-voice, and a retry publishes the whole day afresh', async () => {
    const real = voice;
    let failing = true;
    voice = {
      ...real,
      id: real.id,
      wordsPerMinute: (language) => real.wordsPerMinute(language),
      voiceText: (input) =>
        !input.onSegment || !failing
          ? real.voiceText(input)
          : real.voiceText({
              ...input,
              onSegment: async (segment) => {
                await input.onSegment!(segment);
                // The voice dies for good once day 1's first piece is out.
                if (segment.index === 0) throw new Error('The voice engine crashed');
              },
            }),
    };
    const journeyId = randomUUID();
    const playlistUrl = () => t.services.signer.sign(`/media/private/${user.id}/streams/${journeyId}.day-1.m3u8`);
    const piecesOf = (body: string) => body.split('\n').filter((line) => line.startsWith('/media/private/'));
    try {
      expect((await create(user.cookie, { journeyId, journeyType: 'ancestors', input: 'Oma Greta', language: 'en' })).statusCode).toBe(201);
      const failed = await waitFor(journeyId, ['failed', 'active']);
      expect(failed).toMatchObject({ status: 'failed', firstDayStream: null });
      // What was published is all there is: the playlist ends, so a player stops at its end instead of waiting.
      const ended = await t.app.inject({ url: playlistUrl() });
      expect(ended.statusCode).toBe(200);
      expect(ended.body.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
      const earlier = piecesOf(ended.body);
      expect(earlier.length).toBeGreaterThan(0);

      failing = false;
      const retry = await t.app.inject({
        method: 'POST',
        url: `/api/personalized-journeys/${journeyId}/retry`,
        headers: { origin: TEST_ORIGIN, cookie: user.cookie },
      });
      expect(retry.json<PersonalizedJourneyDetail>()).toMatchObject({ status: 'generating', firstDayStream: null });
      const active = await waitFor(journeyId, ['active', 'failed']);
      expect(active.status, active.error ?? '').toBe('active');
      // The playlist is this try's: the whole day, ended, every piece there (pieces are named by their bytes, so
      // the earlier try's first piece, the same sound, is this one's too).
      const again = await t.app.inject({ url: playlistUrl() });
      expect(again.body.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
      const pieces = piecesOf(again.body);
      expect(pieces.length).toBeGreaterThan(earlier.length);
      for (const piece of pieces) expect((await t.app.inject({ url: piece })).statusCode).toBe(200);
    } finally {
      voice = real;
    }
  });

  it('a try that starts over removes only the pieces nothing else plays (pieces are named by their bytes)', async () => {
    const db = t.database.db;
    const queries = personalizedQueries(db);
    const [a, b] = await db
      .insert(personalizedJourneys)
      .values([
        { userId: other.id, input: 'Rosa', status: 'active' },
        { userId: other.id, input: 'Rosa', status: 'generating' },
      ])
      .returning({ id: personalizedJourneys.id });
    const shared = `/media/private/${other.id}/${'a'.repeat(64)}.ts`;
    const own = `/media/private/${other.id}/${'b'.repeat(64)}.ts`;
    await db.insert(personalizedJourneySegments).values([
      { journeyId: a!.id, position: 0, url: shared, seconds: 2 },
      { journeyId: b!.id, position: 0, url: shared, seconds: 2 },
      { journeyId: b!.id, position: 1, url: own, seconds: 2 },
    ]);
    expect(await queries.clearStream(b!.id)).toEqual([own]);
    expect((await queries.streamOf(a!.id, other.id))?.segments).toEqual([{ url: shared, seconds: 2 }]);
    expect((await queries.streamOf(b!.id, other.id))?.segments).toEqual([]);
  });

  it('marks the journey failed with the error, and a retry generates it again', async () => {
    let calls = 0;
    writer = {
      name: 'broken-then-fine',
      write: async (request) => {
        calls += 1;
        if (calls === 1) throw new Error('The journey corpus is missing');
        return shortJourneyWriter.write(request);
      },
    };
    const journeyId = randomUUID();
    expect((await create(user.cookie, { journeyId, journeyType: 'ancestors', input: 'mi abuelo Pedro', language: 'es' })).statusCode).toBe(
      201,
    );
    const failed = await waitFor(journeyId, ['failed', 'active']);
    // A code the web words for people; the cause is in the log only.
    expect(failed).toMatchObject({ status: 'failed', error: 'GENERATION_FAILED' });
    expect(JSON.stringify(failed)).not.toContain('corpus');

    expectApiError(
      await t.app.inject({
        method: 'POST',
        url: `/api/personalized-journeys/${journeyId}/retry`,
        headers: { origin: TEST_ORIGIN, cookie: other.cookie },
      }),
      404,
    );
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/personalized-journeys/${journeyId}/retry`,
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<PersonalizedJourneyDetail>()).toMatchObject({ status: 'generating', error: null });
    expect((await waitFor(journeyId, ['active', 'failed'])).status).toBe('active');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/personalized-journeys/${journeyId}/retry`,
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
    });
    expectApiError(again, 409, 'CONFLICT');
    writer = shortJourneyWriter;
  });

  it('keeps journeys private: another user gets 404; bad ids are 400', async () => {
    const journeyId = randomUUID();
    await create(user.cookie, { journeyId, journeyType: 'ancestors', input: 'Jan', language: 'pl' });
    expectApiError(
      await t.app.inject({ url: `/api/personalized-journeys/${journeyId}`, headers: { cookie: other.cookie } }),
      404,
      'NOT_FOUND',
    );
    expectApiError(await complete(journeyId, 1, other.cookie), 404, 'NOT_FOUND');
    expectApiError(
      await t.app.inject({ url: '/api/personalized-journeys/123', headers: { cookie: user.cookie } }),
      400,
      'VALIDATION_ERROR',
    );
    expectApiError(await complete(journeyId, 'x'), 400, 'VALIDATION_ERROR');
    expectApiError(await complete(journeyId, 0), 400, 'VALIDATION_ERROR');
    // Taking someone else's id is refused.
    expectApiError(await create(other.cookie, { journeyId, journeyType: 'ancestors', input: 'Jan', language: 'pl' }), 409, 'CONFLICT');
    await waitFor(journeyId, ['active', 'failed']);
    expectApiError(await complete(journeyId, 8), 404, 'NOT_FOUND');
  });
});
