import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrayerRecord } from '@selah/domain/records';
import { createVoicePipelineFromConfig, type VoicePipeline } from '../src/generation/voice-text';
import { VoiceProviderError } from '../src/generation/voice/voice-provider';
import type { PrayerWriter } from '../src/generation/writer/writer';
import type { LiveChange } from '../src/modules/live/live-bus';
import {
  createTestApp,
  expectGrowingPlaylist,
  expectStreamIsFile,
  registerUser,
  shortWriter,
  startPrayerWorker,
  TEST_ORIGIN,
  waitForRecord,
  type TestApp,
} from './helpers';

/**
 * The generate-prayer job on the app's own queue: the lifecycle a user sees, failures, retries of transient
 * provider errors, and a job picked up again after its process died.
 */
describe('prayer generation worker', () => {
  let t: TestApp;
  let user: { id: string; cookie: string };
  let worker: Awaited<ReturnType<typeof startPrayerWorker>> | undefined;
  /** Each test sets the stages the worker uses. */
  let writer: PrayerWriter = shortWriter;
  let voice: VoicePipeline;
  /** The app's error log: where a failure's cause goes. */
  const errorLog: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ logLines: { level: 'error', lines: errorLog } });
    user = await registerUser(t.app, 'worker@example.com');
    await t.database.exec(`UPDATE profiles SET plan = 'Unlimited Prayer' WHERE user_id = '${user.id}'`);
    const realVoice = createVoicePipelineFromConfig(t.config.voice);
    voice = realVoice;
    worker = await startPrayerWorker(t, {
      writer: { name: 'test', write: (request) => writer.write(request) },
      voice: {
        id: realVoice.id,
        voiceText: (input) => voice.voiceText(input),
        wordsPerMinute: (language) => voice.wordsPerMinute(language),
      },
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await t.close();
  });

  const create = async (description = 'Peace for my family tonight') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-affirmation',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
      payload: { recordId: randomUUID(), length: 3, topic: 'peace', experience: 'prayer', description, userGoals: [] },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ record: PrayerRecord }>().record;
  };

  it('goes pending -> processing (writing, voicing, finishing) -> completed with a playable file', async () => {
    writer = shortWriter;
    const seen: string[] = [];
    // Like a client, each notification loads the record again, one load after the other: two loads in flight
    // at once may answer out of order on a pool of connections, and the newest state must be the last one seen.
    let reads = Promise.resolve();
    const unsubscribe = t.app.live.subscribe(user.id, (change: LiveChange) => {
      reads = reads
        .then(() => t.app.inject({ method: 'GET', url: `/api/records/${change.id}`, headers: { cookie: user.cookie } }))
        .then((r) => r.json<{ record: PrayerRecord }>().record)
        .then((record) => void seen.push(record.stage ? `${record.status}:${record.stage}` : record.status));
    });
    const record = await create();
    const done = await waitForRecord(t.app, user.cookie, record.id, ['completed', 'failed']);
    expect(done.status, done.error ?? '').toBe('completed');
    // The record is stored completed before its change is announced (on PostgreSQL through NOTIFY): the stream
    // stays open until that last announcement has been read.
    await expect
      .poll(
        async () => {
          await reads;
          return seen.at(-1);
        },
        { timeout: 15_000 },
      )
      .toBe('completed');
    unsubscribe();
    expect(done.title).toBe('A prayer for peace');
    expect(done.text).toContain('Peace for my family tonight');
    expect(done.duration).toBeGreaterThan(1);
    const audio = await t.app.inject({ method: 'GET', url: done.audioUrl! });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toMatch(/^audio\/mpeg/);
    expect(audio.rawPayload.length).toBeGreaterThan(5000);
    expect(seen[0]).toBe('pending');
    expect(seen).toContain('processing:voicing');
    expect(seen.at(-1)).toBe('completed');
  });

  it('is playable while it is voiced (its playlist grows), and the finished file is the streamed audio, sample for sample', async () => {
    writer = {
      name: 'long',
      write: async (request) => ({
        title: 'A prayer voiced as it is heard',
        text: Array.from(
          { length: 12 },
          (_, i) => `Lord, you are near in the ${i + 1}th hour of this day. ${request.description} Keep us in your peace.`,
        ).join('\n\n'),
      }),
    };
    // The pipeline waits after its first piece is out until the test has looked: the prayer is mid-voicing.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let firstOut!: () => void;
    const firstPublished = new Promise<void>((resolve) => (firstOut = resolve));
    const real = voice;
    voice = {
      ...real,
      id: real.id,
      wordsPerMinute: (language) => real.wordsPerMinute(language),
      voiceText: (input) =>
        real.voiceText({
          ...input,
          onSegment: async (segment) => {
            await input.onSegment!(segment);
            if (segment.index === 0) {
              firstOut();
              await released;
            }
          },
        }),
    };
    let recordId: string | undefined;
    try {
      const record = await create('Quiet for my brother in hospital.');
      recordId = record.id;
      await firstPublished;
      const voicing = (await t.app.inject({ url: `/api/records/${record.id}`, headers: { cookie: user.cookie } })).json<{
        record: PrayerRecord;
      }>().record;
      expect(voicing.status).toBe('processing');
      expect(voicing.audioUrl).toBeNull();
      // What is being said is shown from the first piece: its title and words (without pause marks).
      expect(voicing.title).toBe('A prayer voiced as it is heard');
      expect(voicing.text).toContain('Quiet for my brother in hospital.');
      expect(voicing.streamUrl).toMatch(new RegExp(`^/media/private/${user.id}/streams/${record.id}\\.m3u8\\?exp=\\d+&sig=`));

      // The playlist so far: one segment, no end yet, from the beginning.
      await expectGrowingPlaylist(t.app, voicing.streamUrl!);

      // Only at its signed address, only for its owner.
      const bare = voicing.streamUrl!.split('?')[0]!;
      expect((await t.app.inject({ url: bare })).statusCode).toBe(403);
      expect((await t.app.inject({ url: voicing.streamUrl!.replace(/sig=[^&]+/, 'sig=AAAA') })).statusCode).toBe(403);
      const other = await registerUser(t.app, 'someone-else@example.com');
      expect((await t.app.inject({ url: voicing.streamUrl!.replace(user.id, other.id) })).statusCode).toBe(403);
      expect((await t.app.inject({ url: `${bare.replace(record.id, randomUUID())}?exp=1&sig=x` })).statusCode).toBe(403);
      expect((await t.app.inject({ url: `${bare.replace('.m3u8', '.m3u')}?exp=1&sig=x` })).statusCode).toBe(400);
    } finally {
      release();
      voice = real;
    }
    if (!recordId) throw new Error('the prayer was not created');
    const done = await waitForRecord(t.app, user.cookie, recordId, ['completed', 'failed']);
    expect(done.status, done.error ?? '').toBe('completed');
    const completed = (await t.app.inject({ url: `/api/records/${recordId}`, headers: { cookie: user.cookie } })).json<{
      record: PrayerRecord;
    }>().record;
    expect(completed.streamUrl).toBeNull();

    // The finished playlist ends, and its segments joined are the finished file's very samples.
    const streamUrl = t.services.signer.sign(`/media/private/${user.id}/streams/${recordId}.m3u8`);
    const listed = await expectStreamIsFile(t.app, streamUrl, done.audioUrl!);
    expect(Math.abs(listed - done.duration!)).toBeLessThan(0.1);
  });

  it('writes again at the measured pace when a voice is slower than it was thought to be, and stores the text without marks', async () => {
    const asked: number[] = [];
    writer = {
      name: 'exact',
      write: async (request) => {
        asked.push(request.targetWords);
        // As many words as asked, with a pause mark that people never read.
        const words = Array.from({ length: request.targetWords - 3 }, () => 'peace').join(' ');
        return { title: 'Exact', text: `Lord, be near. [pause]\n\n${words}.` };
      },
    };
    // A voice that turns out to speak 100 words a minute, not the 150 it was thought to: its length follows the words.
    let pace = 150;
    const real = voice;
    voice = {
      id: 'slow',
      wordsPerMinute: () => pace,
      voiceText: async (input) => {
        pace = 100;
        const seconds = (input.text.split(/\s+/).length / pace) * 60 + 10;
        const audio = await real.voiceText({ text: 'Lord, be near.', language: input.language, ambient: false });
        return { ...audio, durationSeconds: seconds };
      },
    };
    const record = await create();
    const done = await waitForRecord(t.app, user.cookie, record.id, ['completed', 'failed']);
    voice = real;
    expect(done.status, done.error ?? '').toBe('completed');
    expect(asked).toHaveLength(2);
    expect(asked[1]! / asked[0]!).toBeCloseTo(100 / 150, 1);
    expect(Math.abs(done.duration! - 180)).toBeLessThanOrEqual(15);
    expect(done.text).not.toContain('[pause]');
    expect(done.text!.startsWith('Lord, be near.\n\npeace')).toBe(true);
  });

  it("gives the writer the person's latest prayers, so that the next one does not repeat them", async () => {
    const heard: (readonly string[])[] = [];
    let n = 0;
    writer = {
      name: 'remembering',
      write: async (request) => {
        heard.push(request.heard ?? []);
        n += 1;
        return { title: `Prayer ${n}`, text: `Lord, this is prayer number ${n}. [pause]\n\nAmen.` };
      },
    };
    const first = await create();
    expect((await waitForRecord(t.app, user.cookie, first.id, ['completed', 'failed'])).status).toBe('completed');
    const second = await create();
    expect((await waitForRecord(t.app, user.cookie, second.id, ['completed', 'failed'])).status).toBe('completed');
    const last = heard.at(-1)!;
    expect(last[0]).toBe(`Lord, this is prayer number ${n - 1}.\n\nAmen.`);
    expect(last.length).toBeLessThanOrEqual(3);
    writer = shortWriter;
  });

  it('marks the record failed with the error message when a stage fails for good, without retrying', async () => {
    let calls = 0;
    writer = {
      name: 'broken',
      write: async () => {
        calls += 1;
        throw new Error('The writer could not find its corpus');
      },
    };
    const record = await create();
    const done = await waitForRecord(t.app, user.cookie, record.id, ['completed', 'failed']);
    // People get a code their app words for them; the cause goes to the log only.
    expect(done).toMatchObject({ status: 'failed', error: 'GENERATION_FAILED', audioUrl: null });
    expect(errorLog.some((line) => line.includes('The writer could not find its corpus') && line.includes(record.id))).toBe(true);
    expect(calls).toBe(1);
  });

  it('retries transient provider errors with backoff and completes', async () => {
    writer = shortWriter;
    let calls = 0;
    const real = createVoicePipelineFromConfig(t.config.voice);
    voice = {
      id: 'flaky',
      wordsPerMinute: (language) => real.wordsPerMinute(language),
      voiceText: async (input) => {
        calls += 1;
        if (calls < 3) throw new VoiceProviderError('test-voice', 'answered 503 Service Unavailable', 503);
        return real.voiceText(input);
      },
    };
    const record = await create();
    const done = await waitForRecord(t.app, user.cookie, record.id, ['completed', 'failed']);
    expect(done.status, done.error ?? '').toBe('completed');
    expect(calls).toBe(3);
    voice = real;
  });

  it('gives up after 3 tries of a transient error and logs why', async () => {
    writer = shortWriter;
    let calls = 0;
    const real = voice;
    voice = {
      id: 'down',
      wordsPerMinute: () => 145,
      voiceText: async () => {
        calls += 1;
        throw new VoiceProviderError('test-voice', 'request to http://voice failed: connect ECONNREFUSED', undefined, true);
      },
    };
    const record = await create();
    const done = await waitForRecord(t.app, user.cookie, record.id, ['completed', 'failed']);
    expect(done.status).toBe('failed');
    expect(done.error).toBe('GENERATION_FAILED');
    expect(errorLog.some((line) => line.includes('ECONNREFUSED') && line.includes(record.id))).toBe(true);
    expect(calls).toBe(3);
    voice = real;
  });

  it('streams the user’s record changes over Server-Sent Events', async () => {
    writer = shortWriter;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/events`, { headers: { cookie: user.cookie }, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const other = await registerUser(t.app, 'other-stream@example.com');
    const otherController = new AbortController();
    const otherResponse = await fetch(`${address}/api/events`, { headers: { cookie: other.cookie }, signal: otherController.signal });
    const otherText = (async () => {
      const otherReader = otherResponse.body!.getReader();
      let text = '';
      const deadline = Date.now() + 8000;
      while (Date.now() < deadline) {
        const next = await Promise.race([otherReader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 500))]);
        if (next === null) continue;
        if (next.done) break;
        text += new TextDecoder().decode(next.value);
      }
      return text;
    })();
    const record = await create('Streamed intention');
    const events: { type: 'record'; record: PrayerRecord }[] = [];
    while (!events.some((event) => event.record.id === record.id && event.record.status === 'completed')) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (block.startsWith('event: record') && data) events.push(JSON.parse(data.slice(6)) as { type: 'record'; record: PrayerRecord });
      }
    }
    controller.abort();
    const mine = events.filter((event) => event.record.id === record.id).map((event) => event.record.status);
    expect(mine[0]).toBe('pending');
    expect(mine).toContain('processing');
    expect(mine.at(-1)).toBe('completed');
    // Another user's stream, open all along, carried none of it.
    const seenByOther = await otherText;
    otherController.abort();
    expect(seenByOther).toContain(': connected');
    expect(seenByOther).not.toContain('event: record');
  });

  it('runs a job again after the process that was running it died', async () => {
    // The current worker stops taking jobs (as if its process had died while holding one).
    await worker!.queue.offWork('generate-prayer');
    let release!: () => void;
    const hung = new Promise<void>((resolve) => (release = resolve));
    const dying = await startPrayerWorker(t, {
      attach: false,
      writer: {
        name: 'hangs',
        write: async () => {
          await hung;
          throw new Error('this process is gone');
        },
      },
    });
    const record = await create('Started before the crash');
    await waitForRecord(t.app, user.cookie, record.id, ['processing']);
    await dying.queue.offWork('generate-prayer');

    // A new process starts: it finds the job its predecessor left active and runs it again.
    const restarted = await startPrayerWorker(t, { writer: shortWriter });
    const done = await waitForRecord(t.app, user.cookie, record.id, ['completed', 'failed']);
    expect(done.status, done.error ?? '').toBe('completed');
    expect(done.text).toContain('Started before the crash');
    release();
    await dying.stop();
    await restarted.stop();
  });
});
