import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cuesUrlOf } from '@selah/domain/player';
import type { PrayerRecord } from '@selah/domain/records';
import type { VoicePipeline } from '../src/generation/voice-text';
import { moveOwnAudioToPrivate } from '../src/modules/records/private-media-migration';
import { records } from '../src/platform/db/schema';
import {
  createTestApp,
  expectApiError,
  registerUser,
  shortWriter,
  startPrayerWorker,
  TEST_ORIGIN,
  waitForRecord,
  type TestApp,
} from './helpers';

/** A voice that answers at once with distinct bytes: these tests are about who may hear the file. */
const quickVoice: VoicePipeline = {
  id: 'quick',
  voiceText: async (input) => ({
    data: Buffer.concat([Buffer.from('ID3'), Buffer.from(input.text), Buffer.alloc(4096, 7)]),
    extension: 'mp3',
    contentType: 'audio/mpeg',
    durationSeconds: 3,
    speechSeconds: 3,
    timeline: { leadInSeconds: 0, clipSeconds: [3], gapSeconds: [0], tempo: 1, totalSeconds: 3 },
    cues: [{ start: 0.3, end: 2.5, text: 'Rest & peace <for> my mother.' }],
  }),
  wordsPerMinute: () => 145,
};

describe("a person's own audio", () => {
  let t: TestApp;
  let worker: Awaited<ReturnType<typeof startPrayerWorker>>;
  let owner: { id: string; cookie: string };
  let stranger: { id: string; cookie: string };
  let record: PrayerRecord;

  beforeAll(async () => {
    t = await createTestApp();
    worker = await startPrayerWorker(t, { writer: shortWriter, voice: quickVoice });
    owner = await registerUser(t.app, 'owner@example.com');
    stranger = await registerUser(t.app, 'stranger@example.com');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create-affirmation',
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
      payload: {
        recordId: randomUUID(),
        length: 3,
        topic: 'peace',
        experience: 'prayer',
        description: 'Rest for my mother',
        userGoals: [],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const done = await waitForRecord(t.app, owner.cookie, created.json<{ record: PrayerRecord }>().record.id, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    record = done as unknown as PrayerRecord;
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  const pathOf = (url: string) => url.split('?')[0]!;

  it('is given to its owner at a short-lived signed address, streamed with byte ranges and private caching', async () => {
    expect(record.audioUrl).toMatch(new RegExp(`^/media/private/${owner.id}/[0-9a-f]{64}\\.mp3\\?exp=\\d+&sig=[\\w-]+$`));
    const full = await t.app.inject({ url: record.audioUrl! });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('audio/mpeg');
    expect(full.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(full.headers['accept-ranges']).toBe('bytes');
    const part = await t.app.inject({ url: record.audioUrl!, headers: { range: 'bytes=0-2' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('ID3');
    // The same address in the library, the feed and search.
    const feed = await t.app.inject({ url: '/api/feed?lng=en', headers: { cookie: owner.cookie } });
    expect(JSON.stringify(feed.json())).toContain(pathOf(record.audioUrl!));
  });

  it('is refused to anyone without a valid signature: signed out, another user, a forged or moved signature', async () => {
    const bare = pathOf(record.audioUrl!);
    for (const cookie of [undefined, stranger.cookie, owner.cookie]) {
      expectApiError(await t.app.inject({ url: bare, headers: cookie ? { cookie } : {} }), 403, 'FORBIDDEN');
    }
    const [, query] = record.audioUrl!.split('?');
    const params = new URLSearchParams(query);
    const forged = `${bare}?exp=${params.get('exp')}&sig=${'A'.repeat(params.get('sig')!.length)}`;
    expectApiError(await t.app.inject({ url: forged }), 403, 'FORBIDDEN');
    const later = `${bare}?exp=${Number(params.get('exp')) + 3600}&sig=${params.get('sig')}`;
    expectApiError(await t.app.inject({ url: later }), 403, 'FORBIDDEN');
    // The owner's signature does not open another person's folder.
    const elsewhere = `/media/private/${stranger.id}/${bare.split('/').pop()}?${query}`;
    expectApiError(await t.app.inject({ url: elsewhere }), 403, 'FORBIDDEN');
    // Nor is the file among the public media.
    expect((await t.app.inject({ url: `/media/${bare.split('/').pop()}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/media/private/${owner.id}` })).statusCode).toBe(404);
  });

  it('has its spoken lines beside it as WebVTT, at the same signed address with .vtt', async () => {
    const cuesUrl = cuesUrlOf(record.audioUrl!);
    expect(cuesUrl).toMatch(/\.vtt\?exp=\d+&sig=/);
    const cues = await t.app.inject({ url: cuesUrl });
    expect(cues.statusCode, cues.body).toBe(200);
    expect(cues.headers['content-type']).toMatch(/^text\/vtt/);
    expect(cues.body).toBe('WEBVTT\n\n1\n00:00:00.300 --> 00:00:02.500\nRest &amp; peace &lt;for&gt; my mother.\n');
    // Without the signature, or with it moved to another person's folder, nothing.
    expectApiError(await t.app.inject({ url: pathOf(cuesUrl) }), 403, 'FORBIDDEN');
    const [, query] = cuesUrl.split('?');
    expectApiError(
      await t.app.inject({ url: `/media/private/${stranger.id}/${pathOf(cuesUrl).split('/').pop()}?${query}` }),
      403,
      'FORBIDDEN',
    );
    // The audio's signature opens its own cues only: another name with it is refused.
    expectApiError(await t.app.inject({ url: `/media/private/${owner.id}/${'cd'.repeat(32)}.vtt?${query}` }), 403, 'FORBIDDEN');
  });

  it('is not shown to another user through the API', async () => {
    expectApiError(await t.app.inject({ url: `/api/records/${record.id}`, headers: { cookie: stranger.cookie } }), 404, 'NOT_FOUND');
    const search = await t.app.inject({ url: '/api/search?q=prayer&lng=en', headers: { cookie: stranger.cookie } });
    expect(search.body).not.toContain(owner.id);
  });

  it('stops working when the address expires', async () => {
    t.app.clock.advance(8 * 60 * 60 * 1000);
    expectApiError(await t.app.inject({ url: record.audioUrl! }), 403, 'FORBIDDEN');
    const fresh = await t.app.inject({ url: `/api/records/${record.id}`, headers: { cookie: owner.cookie } });
    const renewed = fresh.json<{ record: PrayerRecord }>().record.audioUrl!;
    expect(renewed).not.toBe(record.audioUrl);
    expect((await t.app.inject({ url: renewed })).statusCode).toBe(200);
  });

  it('moves audio stored publicly before this change into its owner’s private space', async () => {
    const name = `${'ab'.repeat(32)}.mp3`;
    await mkdir(t.config.mediaDir, { recursive: true });
    await writeFile(path.join(t.config.mediaDir, name), Buffer.from('ID3 older prayer'));
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/create-affirmation',
      headers: { origin: TEST_ORIGIN, cookie: stranger.cookie },
      payload: { recordId: randomUUID(), length: 3, topic: 'faith', experience: 'prayer', description: 'old', userGoals: [] },
    });
    const id = old.json<{ record: PrayerRecord }>().record.id;
    await waitForRecord(t.app, stranger.cookie, id, ['completed', 'failed']);
    await t.database.db
      .update(records)
      .set({ audioUrl: `/media/${name}` })
      .where(eq(records.id, id));
    expect((await t.app.inject({ url: `/media/${name}` })).statusCode).toBe(200);

    expect(await moveOwnAudioToPrivate({ db: t.database.db, media: t.app.media, logger: t.app.log })).toBe(1);
    const [row] = await t.database.db.select().from(records).where(eq(records.id, id));
    expect(row?.audioUrl).toBe(`/media/private/${stranger.id}/${name}`);
    expect((await t.app.inject({ url: `/media/${name}` })).statusCode).toBe(404);
    const view = await t.app.inject({ url: `/api/records/${id}`, headers: { cookie: stranger.cookie } });
    const signed = view.json<{ record: PrayerRecord }>().record.audioUrl!;
    expect((await t.app.inject({ url: signed })).body).toBe('ID3 older prayer');
    expect(await moveOwnAudioToPrivate({ db: t.database.db, media: t.app.media, logger: t.app.log })).toBe(0);
  });

  it('leaves nothing reachable once the account is deleted', async () => {
    const view = await t.app.inject({ url: `/api/records/${record.id}`, headers: { cookie: owner.cookie } });
    const url = view.json<{ record: PrayerRecord }>().record.audioUrl!;
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
      payload: { password: 'correct horse 1' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: cuesUrlOf(url) })).statusCode).toBe(404);
    expect(existsSync(path.join(t.config.dataDir, 'private-media', owner.id))).toBe(false);
  });
});
