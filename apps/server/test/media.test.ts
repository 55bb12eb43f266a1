import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

describe('media store in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

  it('stores the same bytes once under one URL', async () => {
    const first = await t.app.media.put(bytes, { extension: 'mp3', contentType: 'audio/mpeg' });
    const second = await t.app.media.put(Buffer.from(bytes), { extension: 'mp3', contentType: 'audio/mpeg' });
    expect(second).toBe(first);
    expect(first).toMatch(/^\/media\/[0-9a-f]{64}\.mp3$/);
    expect(await readdir(t.config.mediaDir)).toEqual([first.slice('/media/'.length)]);
    expect(await t.app.media.has(first)).toBe(true);
  });

  it('serves a stored file with HTTP Range and immutable caching', async () => {
    const url = await t.app.media.put(bytes, { extension: 'mp3', contentType: 'audio/mpeg' });
    const full = await t.app.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('audio/mpeg');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['cache-control']).toMatch(/immutable/);
    expect(full.rawPayload.equals(bytes)).toBe(true);

    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);
  });

  it('removes files by URL', async () => {
    const url = await t.app.media.put(Buffer.from('to be removed'), { extension: 'mp3', contentType: 'audio/mpeg' });
    await t.app.media.removeByUrls([url]);
    expect(await t.app.media.has(url)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
