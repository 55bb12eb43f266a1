import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../src/generation/master/ffmpeg';
import type { ContentQueries } from '../src/modules/content/content.queries';
import { audioSource, verifyImportedAudio } from '../src/modules/content/verify-audio';

/**
 * Issue 21, item 5: `npm run content:verify` listens to the content of a bucket too (MEDIA_STORE=s3://...), through
 * the store's public address, as people's players do.
 */
describe('content:verify with the media in a bucket', () => {
  let server: Server;
  let publicUrl = '';
  let name = '';

  beforeAll(async () => {
    // Three seconds of a tone at the -16 LUFS the voices are mastered to, mono MP3.
    const { stdout: mp3 } = await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      'sine=f=220:r=24000:d=3',
      '-af',
      'loudnorm=I=-16:TP=-1.5',
      '-ar',
      '24000',
      '-ac',
      '1',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '64k',
      '-f',
      'mp3',
      'pipe:1',
    ]);
    name = `${createHash('sha256').update(mp3).digest('hex')}.mp3`;
    server = createServer((request, response) => {
      if (request.url === `/cdn/${name}`) response.writeHead(200, { 'content-type': 'audio/mpeg' }).end(mp3);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cdn`;
  });
  afterAll(() => server?.close());

  const queries = (files: Array<{ url: string; duration: number }>) =>
    ({
      activeItems: async () => files.map(({ url, duration }, i) => ({ slug: `item-${i}`, language: 'en', audioUrl: url, duration })),
      allCycles: async () => [],
      activeJourneyDays: async () => [],
    }) as unknown as ContentQueries;

  it("decodes the bucket's files through its public address, and names what is not the store's", { timeout: 60_000 }, async () => {
    const { checked, problems } = await verifyImportedAudio(
      queries([
        { url: `${publicUrl}/${name}`, duration: 3 },
        { url: `${publicUrl}/${name}`, duration: 9 },
        { url: `https://elsewhere.example/${name}`, duration: 3 },
        { url: `${publicUrl}/${'0'.repeat(64)}.mp3`, duration: 3 },
      ]),
      audioSource('/nonexistent', publicUrl),
    );
    expect(checked).toBe(4);
    expect(problems.map((problem) => problem.label).sort()).toEqual(['item-1 (en)', 'item-2 (en)', 'item-3 (en)']);
    expect(problems.find((problem) => problem.label === 'item-1 (en)')?.problem).toMatch(/^stored duration 9 s, decoded 3\.\d\d s$/);
    expect(problems.find((problem) => problem.label === 'item-2 (en)')?.problem).toContain('not voiced or not in this media store');
  });

  it('reads the local store from DATA_DIR/media, and nothing outside it', () => {
    const locate = audioSource('/data/media', 'https://cdn.example.org/audio');
    expect(locate(`/media/${name}`)).toBe(`/data/media/${name}`);
    expect(locate(`/media/../../etc/${name}`)).toBe(`/data/media/${name}`);
    expect(locate(`https://cdn.example.org/audio/${name}`)).toBe(`https://cdn.example.org/audio/${name}`);
    expect(locate('https://cdn.example.org/audio/../secret.txt')).toBeUndefined();
    expect(locate(`https://cdn.example.org.evil/audio/${name}`)).toBeUndefined();
    expect(locate('')).toBeUndefined();
  });
});
