import { randomUUID } from 'node:crypto';
import { existsSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentQueries } from '../src/modules/content/content.queries';
import { removeUnreferencedMedia, UNREFERENCED_GRACE_MS } from '../src/modules/content/unreferenced-media';
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from './helpers';

const silent = { info: () => undefined, warn: () => undefined } as never;

/**
 * Issue 21, item 1: after an import, media that no row refers to is removed: never a file a row refers to, never
 * one stored in the last hour, never a person's own.
 */
describe('removing media no row refers to', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.app.jobs.attach({ send: async () => undefined });
  });
  afterAll(async () => t?.close());

  const store = async (label: string, hoursAgo: number, owner?: string) => {
    const url = await t.app.media.put(Buffer.from(`${label} ${randomUUID()}`), {
      extension: 'mp3',
      contentType: 'audio/mpeg',
      ...(owner ? { owner } : {}),
    });
    const file = owner ? undefined : path.join(t.config.mediaDir, path.basename(url));
    if (file) utimesSync(file, new Date(Date.now() - hoursAgo * 3600_000), new Date(Date.now() - hoursAgo * 3600_000));
    return { url, file };
  };

  it('keeps what rows refer to, young files and people’s own; removes the rest', async () => {
    const queries = contentQueries(t.database.db);
    const cycleAudio = await store('cycle', 5);
    await queries.upsertCycle(1, 'morning', {
      en: { title: 'Morning', text: 'A prayer', audioUrl: cycleAudio.url, duration: 60, sourceHash: 'x' },
    });
    const { cookie } = await registerUser(t.app, 'unreferenced@example.com');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create-affirmation',
      headers: { origin: TEST_ORIGIN, cookie },
      payload: { recordId: randomUUID(), length: 3, topic: 'peace', experience: 'prayer', description: 'Keep mine', userGoals: [] },
    });
    const recordId = created.json<{ record: { id: string } }>().record.id;
    const recordAudio = await store('record', 5);
    await t.database.query('UPDATE records SET audio_url = $1 WHERE id = $2', [`${recordAudio.url}?exp=1&sig=x`, recordId]);
    // Cues kept beside audio live and go with it.
    const cuesOfRecord = await t.app.media.put(Buffer.from('WEBVTT\n'), {
      extension: 'vtt',
      contentType: 'text/vtt',
      beside: recordAudio.url,
    });
    const orphan = await store('orphan', 5);
    const cuesOfOrphan = await t.app.media.put(Buffer.from('WEBVTT\n'), { extension: 'vtt', contentType: 'text/vtt', beside: orphan.url });
    for (const cues of [cuesOfRecord, cuesOfOrphan]) {
      const file = path.join(t.config.mediaDir, path.basename(cues));
      utimesSync(file, new Date(Date.now() - 5 * 3600_000), new Date(Date.now() - 5 * 3600_000));
    }
    expect(path.basename(cuesOfOrphan)).toBe(path.basename(orphan.url).replace('.mp3', '.vtt'));
    const young = await store('young', 0);
    const own = await store('own', 5, 'owner-1');

    const removed = await removeUnreferencedMedia({
      media: t.app.media,
      referencedNames: () => queries.referencedMediaNames(),
      logger: silent,
    });
    expect(removed).toBe(2);
    expect(existsSync(orphan.file!)).toBe(false);
    expect(existsSync(path.join(t.config.mediaDir, path.basename(cuesOfOrphan)))).toBe(false);
    expect(existsSync(path.join(t.config.mediaDir, path.basename(cuesOfRecord)))).toBe(true);
    for (const kept of [cycleAudio, recordAudio, young]) expect(existsSync(kept.file!)).toBe(true);
    expect(await t.app.media.has(own.url)).toBe(true);

    // A second run has nothing to remove.
    expect(
      await removeUnreferencedMedia({ media: t.app.media, referencedNames: () => queries.referencedMediaNames(), logger: silent }),
    ).toBe(0);
  });

  it('keeps a file stored moments ago, even unreferenced, for the whole grace time', async () => {
    const fresh = await store('fresh', (UNREFERENCED_GRACE_MS - 60_000) / 3600_000);
    const queries = contentQueries(t.database.db);
    await removeUnreferencedMedia({ media: t.app.media, referencedNames: () => queries.referencedMediaNames(), logger: silent });
    expect(existsSync(fresh.file!)).toBe(true);
  });
});
