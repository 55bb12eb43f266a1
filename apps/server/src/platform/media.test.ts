import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalMediaStore } from './media';

describe('local media store', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'selah-media-test-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const file = { extension: 'mp3', contentType: 'audio/mpeg' };

  it('names a file by the SHA-256 of its bytes; the same bytes twice make one file and one URL', async () => {
    const store = createLocalMediaStore(path.join(dir, 'media'), path.join(dir, 'private'));
    const data = Buffer.from('not really an mp3, but bytes all the same');
    const hash = createHash('sha256').update(data).digest('hex');
    const [first, second] = await Promise.all([store.put(data, file), store.put(data, file)]);
    expect(first).toBe(`/media/${hash}.mp3`);
    expect(second).toBe(first);
    expect(await store.put(data, file)).toBe(first);
    expect(await readdir(path.join(dir, 'media'))).toEqual([`${hash}.mp3`]);
    expect(await readFile(path.join(dir, 'media', `${hash}.mp3`))).toEqual(data);
  });

  it('gives other bytes another name, knows what it has, and removes by URL', async () => {
    const store = createLocalMediaStore(dir, path.join(dir, 'private'));
    const a = await store.put(Buffer.from('a'), file);
    const b = await store.put(Buffer.from('b'), { extension: 'm4a', contentType: 'audio/mp4' });
    expect(a).not.toBe(b);
    expect(b).toMatch(/^\/media\/[0-9a-f]{64}\.m4a$/);
    expect(await store.has(a)).toBe(true);
    await store.removeByUrls([a, 'https://elsewhere.example/media/x.mp3', '/media/../../etc/passwd']);
    expect(await store.has(a)).toBe(false);
    expect(await store.has(b)).toBe(true);
    expect(await store.has('https://elsewhere.example/x.mp3')).toBe(false);
  });

  it("keeps a person's own file apart, addressed under /media/private/<owner>, and removes all of an owner's", async () => {
    const store = createLocalMediaStore(path.join(dir, 'media'), path.join(dir, 'private'));
    const data = Buffer.from('my own prayer');
    const hash = createHash('sha256').update(data).digest('hex');
    const ref = await store.put(data, { ...file, owner: 'user123' });
    expect(ref).toBe(`/media/private/user123/${hash}.mp3`);
    expect(await readFile(path.join(dir, 'private', 'user123', `${hash}.mp3`))).toEqual(data);
    await expect(readdir(path.join(dir, 'media'))).rejects.toThrow();
    expect(await store.privateSource(ref)).toEqual({ kind: 'file', root: path.join(dir, 'private'), path: `/user123/${hash}.mp3` });
    expect(await store.privateSource(`/media/private/user123/${'0'.repeat(64)}.mp3`)).toBeUndefined();
    expect(await store.privateSource('/media/private/../etc/passwd')).toBeUndefined();
    await expect(store.put(data, { ...file, owner: '../evil' })).rejects.toThrow(/Invalid media owner/);
    await store.removeOwner('user123');
    expect(await store.has(ref)).toBe(false);
  });

  it('refuses an extension that is not a plain name', async () => {
    const store = createLocalMediaStore(dir, path.join(dir, 'private'));
    await expect(store.put(Buffer.from('x'), { extension: '../mp3', contentType: 'audio/mpeg' })).rejects.toThrow(
      /Invalid media file extension/,
    );
  });
});
