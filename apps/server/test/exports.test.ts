import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { DataExport } from '@selah/domain/exports';
import { records } from '../src/platform/db/schema';
import { createTestApp, expectApiError, registerUser, TEST_ORIGIN, type TestApp } from './helpers';

/** Every entry of a zip, by name. */
function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

/** Issue 22, item 7: a full export as one zip, prepared as a job, offered at a link only its owner opens. */
describe('your data, exported', () => {
  let t: TestApp;
  let owner: { id: string; cookie: string };
  let stranger: { id: string; cookie: string };
  const sent: Array<{ name: string; data: { exportId?: string } }> = [];

  beforeAll(async () => {
    t = await createTestApp();
    t.app.jobs.attach({ send: async (name, data) => void sent.push({ name, data: data as { exportId?: string } }) });
    owner = await registerUser(t.app, 'exporter@example.com');
    stranger = await registerUser(t.app, 'stranger@example.com');
    // A prayer of each: audio and cues in each one's private media.
    for (const [person, title] of [
      [owner, 'Rest for my mother'],
      [stranger, 'A stranger’s secret prayer'],
    ] as const) {
      const audioUrl = await t.app.media.put(Buffer.from(`ID3 ${title}`), {
        extension: 'mp3',
        contentType: 'audio/mpeg',
        owner: person.id,
      });
      await t.app.media.put(Buffer.from(`WEBVTT\n\n1\n00:00:00.300 --> 00:00:02.000\n${title}\n`), {
        extension: 'vtt',
        contentType: 'text/vtt',
        owner: person.id,
        beside: audioUrl,
      });
      await t.database.db.insert(records).values({
        id: randomUUID(),
        userId: person.id,
        status: 'completed',
        title,
        slug: title.toLowerCase().replace(/\W+/g, '-'),
        recordText: `${title}. Amen.`,
        audioUrl,
        duration: 180,
        description: title,
      });
    }
    await t.app.inject({
      method: 'POST',
      url: '/api/habit/prayed',
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
      payload: { timeZone: 'Europe/Warsaw' },
    });
  });
  afterAll(async () => t?.close());

  const post = (cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/exports', headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });
  const latest = async (cookie: string) =>
    (await t.app.inject({ url: '/api/exports/latest', headers: { cookie } })).json<{ export: DataExport | null }>().export;

  it('is only for a signed-in person', async () => {
    expectApiError(await post(), 401, 'UNAUTHORIZED');
    expectApiError(await t.app.inject({ url: '/api/exports/latest' }), 401, 'UNAUTHORIZED');
  });

  let ready: DataExport;
  it('is prepared as a job, then offered as a zip of what the person made and nothing of anyone else', async () => {
    expect(await latest(owner.cookie)).toBeNull();
    const created = await post(owner.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const pending = created.json<DataExport>();
    expect(pending).toMatchObject({ status: 'pending', downloadUrl: null });
    expect(sent.at(-1)).toEqual({ name: 'export-data', data: { exportId: pending.id } });
    // One at a time.
    expectApiError(await post(owner.cookie), 409, 'CONFLICT');

    await t.services.exports.prepare(pending.id);
    ready = (await latest(owner.cookie))!;
    expect(ready).toMatchObject({ id: pending.id, status: 'ready' });
    expect(ready.downloadUrl).toMatch(new RegExp(`^/api/exports/${pending.id}/download\\?token=[\\w-]{43}$`));
    expect(new Date(ready.expiresAt!).getTime() - Date.now()).toBeGreaterThan(47 * 3600_000);

    const download = await t.app.inject({ url: ready.downloadUrl!, headers: { cookie: owner.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="selah-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(ready.sizeBytes).toBe(download.rawPayload.length);

    const entries = await unzip(download.rawPayload);
    const names = [...entries.keys()].sort();
    expect(names).toEqual([
      'selah-export/audio/prayers/' +
        names
          .find((name) => name.endsWith('.mp3'))!
          .split('/')
          .pop(),
      'selah-export/audio/prayers/' +
        names
          .find((name) => name.endsWith('.vtt'))!
          .split('/')
          .pop(),
      'selah-export/journeys.json',
      'selah-export/prayer-days.json',
      'selah-export/prayers.json',
      'selah-export/profile.json',
    ]);
    const profile = JSON.parse(entries.get('selah-export/profile.json')!.toString()) as Record<string, unknown>;
    expect(profile).toMatchObject({ email: 'exporter@example.com', player: { speed: 1 }, habit: { visible: true } });
    expect(JSON.stringify(profile)).not.toMatch(/fcm|password|token/i);
    const prayers = JSON.parse(entries.get('selah-export/prayers.json')!.toString()) as Array<{
      title: string;
      text: string;
      audio: string;
    }>;
    expect(prayers).toHaveLength(1);
    expect(prayers[0]).toMatchObject({ title: 'Rest for my mother', text: 'Rest for my mother. Amen.' });
    expect(entries.get(`selah-export/${prayers[0]!.audio}`)!.toString()).toBe('ID3 Rest for my mother');
    expect(JSON.parse(entries.get('selah-export/prayer-days.json')!.toString())).toHaveLength(1);
    // Nothing of the stranger's, anywhere in it.
    for (const data of entries.values()) expect(data.toString('latin1')).not.toContain('stranger');
  });

  it('answers 404 to another person, a tampered link, a bad id, and without a token; nothing disclosed', async () => {
    const [path, query] = ready.downloadUrl!.split('?') as [string, string];
    const token = new URLSearchParams(query).get('token')!;
    const attempts = [
      { url: ready.downloadUrl!, cookie: stranger.cookie },
      { url: `${path}?token=${token.slice(0, -2)}AA`, cookie: owner.cookie },
      { url: `${path}?token=${token}x`, cookie: owner.cookie },
      { url: path, cookie: owner.cookie },
      { url: `/api/exports/${randomUUID()}/download?token=${token}`, cookie: owner.cookie },
      { url: `/api/exports/not-an-id/download?token=${token}`, cookie: owner.cookie },
    ];
    for (const { url, cookie } of attempts) {
      const response = await t.app.inject({ url, headers: { cookie } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('zip');
    }
    // A NUL byte is refused before any route, as everywhere.
    expect(
      (await t.app.inject({ url: `/api/exports/${ready.id}%00/download?token=${token}`, headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(400);
    expectApiError(await t.app.inject({ url: ready.downloadUrl! }), 401, 'UNAUTHORIZED');
    // The stranger's own latest export is theirs alone.
    expect(await latest(stranger.cookie)).toBeNull();
  });

  it('expires: the link stops working and the file is removed', async () => {
    t.app.clock.advance(49 * 3600_000);
    expect(await latest(owner.cookie)).toMatchObject({ status: 'expired', downloadUrl: null });
    expect((await t.app.inject({ url: ready.downloadUrl!, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    expect(await t.services.exports.expire()).toBe(1);
    expect(await t.services.exports.expire()).toBe(0);
  });

  it('is limited to a few a day', async () => {
    // The first was two days ago: three more today, then no more.
    for (let i = 0; i < 3; i++) {
      const created = await post(owner.cookie);
      expect(created.statusCode).toBe(201);
      await t.services.exports.prepare(created.json<DataExport>().id);
    }
    expectApiError(await post(owner.cookie), 429, 'RATE_LIMITED');
  });
});
