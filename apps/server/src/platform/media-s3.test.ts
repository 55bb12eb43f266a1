import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { respond, startProtocolServer, type ProtocolServer } from '../testing/protocol-server';
import type { MediaStoreConfig } from './config';
import { createS3MediaStore } from './media-s3';

describe('S3-compatible media store', () => {
  let server: ProtocolServer;
  beforeAll(async () => {
    server = await startProtocolServer();
  });
  afterEach(() => server.assertDone());
  afterAll(() => server.close());

  const config = (): Extract<MediaStoreConfig, { kind: 's3' }> => ({
    kind: 's3',
    bucket: 'selah-audio',
    prefix: 'prayers/',
    endpoint: server.url,
    pathStyle: true,
    region: 'eu-1',
    publicUrl: 'https://cdn.example.org',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'secret',
  });
  const data = Buffer.from('ID3 pretend mp3 bytes');
  const hash = createHash('sha256').update(data).digest('hex');
  const key = `/selah-audio/prayers/${hash}.mp3`;

  it('PUTs a new file under its content hash with a SigV4 signature and returns the public URL', async () => {
    server.expect('HEAD', key, respond(404));
    server.expect('PUT', key, (request, response) => {
      expect(request.headers['content-type']).toBe('audio/mpeg');
      expect(request.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(request.headers['x-amz-content-sha256']).toBe(hash);
      expect(request.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]*host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
      );
      expect(request.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
      expect(request.body.equals(data)).toBe(true);
      response.writeHead(200).end();
    });
    const store = createS3MediaStore(config());
    await expect(store.put(data, { extension: 'mp3', contentType: 'audio/mpeg' })).resolves.toBe(
      `https://cdn.example.org/prayers/${hash}.mp3`,
    );
  });

  it('does not upload bytes it already has', async () => {
    server.expect('HEAD', key, respond(200));
    const store = createS3MediaStore(config());
    await expect(store.put(data, { extension: 'mp3', contentType: 'audio/mpeg' })).resolves.toBe(
      `https://cdn.example.org/prayers/${hash}.mp3`,
    );
  });

  it('lists the public files under its prefix, page by page, without people’s own or foreign names', async () => {
    const other = 'b'.repeat(64);
    const page = (keys: string[], next?: string) =>
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>selah-audio</Name>${keys
        .map((k) => `<Contents><Key>${k}</Key><LastModified>2026-11-20T10:00:00.000Z</LastModified><Size>9</Size></Contents>`)
        .join(
          '',
        )}<IsTruncated>${next ? 'true' : 'false'}</IsTruncated>${next ? `<NextContinuationToken>${next}</NextContinuationToken>` : ''}</ListBucketResult>`;
    server.expect('GET', '/selah-audio/', (request, response) => {
      const query = new URL(request.url, 'http://x').searchParams;
      expect(query.get('list-type')).toBe('2');
      expect(query.get('prefix')).toBe('prayers/');
      expect(query.get('continuation-token')).toBeNull();
      expect(request.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
      response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(page([`prayers/${hash}.mp3`, `prayers/private/user42/${other}.mp3`], 'tok&amp;1'));
    });
    server.expect('GET', '/selah-audio/', (request, response) => {
      expect(new URL(request.url, 'http://x').searchParams.get('continuation-token')).toBe('tok&1');
      response.writeHead(200, { 'content-type': 'application/xml' }).end(page([`prayers/${other}.mp3`, 'prayers/readme.txt']));
    });
    const files = await createS3MediaStore(config()).listPublic();
    expect(files).toEqual([
      { url: `https://cdn.example.org/prayers/${hash}.mp3`, modifiedAt: new Date('2026-11-20T10:00:00.000Z') },
      { url: `https://cdn.example.org/prayers/${other}.mp3`, modifiedAt: new Date('2026-11-20T10:00:00.000Z') },
    ]);
  });

  it('answers has() with a HEAD and removes its own URLs with DELETE, ignoring others', async () => {
    const store = createS3MediaStore(config());
    server.expect('HEAD', key, respond(200));
    expect(await store.has(`https://cdn.example.org/prayers/${hash}.mp3`)).toBe(true);
    server.expect('HEAD', key, respond(404));
    expect(await store.has(`https://cdn.example.org/prayers/${hash}.mp3`)).toBe(false);
    expect(await store.has('/media/local.mp3')).toBe(false);
    // The audio and its cues, stored beside it (issue 22), go together.
    server.expect('DELETE', key, respond(204));
    server.expect('DELETE', key.replace('.mp3', '.vtt'), respond(404));
    await store.removeByUrls([
      `https://cdn.example.org/prayers/${hash}.mp3`,
      '/media/local.mp3',
      'https://other.example.org/prayers/x.mp3',
    ]);
  });

  it("stores a person's own file under private/<owner>/, answers a private address, presigns it and deletes it", async () => {
    const privateKey = `/selah-audio/prayers/private/user42/${hash}.mp3`;
    server.expect('HEAD', privateKey, respond(404));
    server.expect('PUT', privateKey, (request, response) => {
      expect(request.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      response.writeHead(200).end();
    });
    const store = createS3MediaStore(config());
    const ref = await store.put(data, { extension: 'mp3', contentType: 'audio/mpeg', owner: 'user42' });
    expect(ref).toBe(`/media/private/user42/${hash}.mp3`);
    const source = await store.privateSource(ref);
    expect(source?.kind).toBe('redirect');
    const url = new URL(source?.kind === 'redirect' ? source.url : '');
    expect(`${url.origin}${url.pathname}`).toBe(`${server.url}${privateKey}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(await store.privateSource('/media/private/../x.mp3')).toBeUndefined();
    server.expect('DELETE', privateKey, respond(204));
    server.expect('DELETE', privateKey.replace('.mp3', '.vtt'), respond(204));
    await store.removeByUrls([ref]);
  });

  it('stores cues beside their audio, under the audio’s name', async () => {
    const cuesKey = key.replace('.mp3', '.vtt');
    server.expect('HEAD', cuesKey, respond(404));
    server.expect('PUT', cuesKey, (request, response) => {
      expect(request.headers['content-type']).toBe('text/vtt; charset=utf-8');
      response.writeHead(200).end();
    });
    const store = createS3MediaStore(config());
    const url = await store.put(Buffer.from('WEBVTT\n'), {
      extension: 'vtt',
      contentType: 'text/vtt; charset=utf-8',
      beside: `https://cdn.example.org/prayers/${hash}.mp3`,
    });
    expect(url).toBe(`https://cdn.example.org/prayers/${hash}.vtt`);
    await expect(
      store.put(Buffer.from('x'), { extension: 'vtt', contentType: 'text/vtt', beside: '/media/../../etc/passwd' }),
    ).rejects.toThrow(/not a stored file/);
  });

  it('reports a refused upload with the status and the bucket', async () => {
    server.expect('HEAD', key, respond(404));
    server.expect('PUT', key, respond(403, '<Error><Code>AccessDenied</Code></Error>'));
    const store = createS3MediaStore(config());
    await expect(store.put(data, { extension: 'mp3', contentType: 'audio/mpeg' })).rejects.toThrow(
      /^S3 PUT of selah-audio\/prayers\/[0-9a-f]{64}\.mp3 failed: 403 Forbidden: <Error><Code>AccessDenied/,
    );
  });
});
