import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { MediaStoreConfig } from './config';
import { parsePrivateRef, privateRef, STORED_NAME, storedNameOf, withSiblings, type MediaStore } from './media';

type S3Config = Extract<MediaStoreConfig, { kind: 's3' }>;

/** Audio files never change under a content-hashed name. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** A person's own files: never kept by a shared cache. */
const PRIVATE_CACHE_CONTROL = 'private, max-age=31536000, immutable';
/** How long a presigned address of a private object stays valid. */
const PRESIGNED_SECONDS = 15 * 60;

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, ...), written with SigV4-signed
 * requests through aws4fetch. Stored URLs start with publicUrl, usually a CDN in front of the bucket.
 */
export function createS3MediaStore(config: S3Config): MediaStore {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
    retries: 2,
  });
  const objectUrl = (key: string): string => bucketObjectUrl(config, key);
  const publicPrefix = `${config.publicUrl}/`;
  const keyOf = (url: string): string | undefined => {
    if (!url.startsWith(publicPrefix)) return undefined;
    const key = url.slice(publicPrefix.length);
    return key.startsWith(config.prefix) && !key.includes('..') ? key : undefined;
  };
  const fail = async (what: string, key: string, response: Response): Promise<never> => {
    const body = (await response.text()).replace(/\s+/g, ' ').slice(0, 300);
    throw new Error(`S3 ${what} of ${config.bucket}/${key} failed: ${response.status} ${response.statusText}${body ? `: ${body}` : ''}`);
  };
  const head = async (key: string): Promise<boolean> => {
    const response = await client.fetch(objectUrl(key), { method: 'HEAD' });
    if (response.status === 404 || response.status === 403) return false;
    if (!response.ok) return fail('HEAD', key, response);
    return true;
  };

  /** People's own files live under <prefix>private/<owner>/: keep that part of the bucket non-public. */
  const privateKey = (owner: string, name: string) => `${config.prefix}private/${owner}/${name}`;

  return {
    async put(data, meta) {
      const { contentType, owner } = meta;
      const name = storedNameOf(data, meta);
      const key = owner ? privateKey(owner, name) : `${config.prefix}${name}`;
      if (!(await head(key))) {
        const response = await client.fetch(objectUrl(key), {
          method: 'PUT',
          body: data,
          headers: {
            'content-type': contentType,
            'cache-control': owner ? PRIVATE_CACHE_CONTROL : CACHE_CONTROL,
            // Signing the payload hash (instead of UNSIGNED-PAYLOAD) lets the server reject a corrupted upload.
            'x-amz-content-sha256': createHash('sha256').update(data).digest('hex'),
          },
        });
        if (!response.ok) await fail('PUT', key, response);
      }
      return owner ? privateRef(owner, name) : `${publicPrefix}${key}`;
    },
    async has(url) {
      const key = keyOf(url);
      return key !== undefined && head(key);
    },
    async read(url) {
      const bare = url.split('?', 1)[0]!;
      const own = parsePrivateRef(bare);
      const key = own ? privateKey(own.owner, own.name) : keyOf(bare);
      if (!key) return undefined;
      const response = await client.fetch(objectUrl(key));
      if (response.status === 404 || response.status === 403) return undefined;
      if (!response.ok) return fail('GET', key, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async privateSource(ref) {
      const own = parsePrivateRef(ref);
      if (!own) return undefined;
      const url = new URL(objectUrl(privateKey(own.owner, own.name)));
      url.searchParams.set('X-Amz-Expires', String(PRESIGNED_SECONDS));
      const signed = await client.sign(url.toString(), { method: 'GET', aws: { signQuery: true } });
      return { kind: 'redirect', url: signed.url };
    },
    async copyToPrivate(url, owner) {
      if (parsePrivateRef(url)) return url;
      const key = keyOf(url);
      if (!key) return undefined;
      const response = await client.fetch(objectUrl(key));
      if (response.status === 404) return undefined;
      if (!response.ok) return fail('GET', key, response);
      const data = Buffer.from(await response.arrayBuffer());
      const extension = key.split('.').pop() ?? 'mp3';
      return this.put(data, { extension, contentType: response.headers.get('content-type') ?? 'audio/mpeg', owner });
    },
    async removeOwner() {
      // A bucket is not listed here: removeByUrls already deleted every file the database knew of.
    },
    async listPublic() {
      // ListObjectsV2 under the prefix, a page of up to 1,000 at a time; people's own (private/) are not listed.
      const files: Array<{ url: string; modifiedAt: Date }> = [];
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ 'list-type': '2', prefix: config.prefix, ...(token ? { 'continuation-token': token } : {}) });
        const response = await client.fetch(`${objectUrl('')}?${query.toString()}`);
        if (!response.ok) await fail('LIST', config.prefix, response);
        const xml = await response.text();
        for (const [, block] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = decodeXml(/<Key>([\s\S]*?)<\/Key>/.exec(block ?? '')?.[1] ?? '');
          const modified = /<LastModified>([^<]*)<\/LastModified>/.exec(block ?? '')?.[1];
          const name = key.slice(config.prefix.length);
          if (key.startsWith(config.prefix) && STORED_NAME.test(name) && modified) {
            files.push({ url: `${publicPrefix}${key}`, modifiedAt: new Date(modified) });
          }
        }
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? decodeXml(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '') || undefined
          : undefined;
      } while (token);
      return files;
    },
    async removeByUrls(urls) {
      for (const url of withSiblings(urls)) {
        const own = parsePrivateRef(url);
        const key = own ? privateKey(own.owner, own.name) : keyOf(url);
        if (!key) continue;
        const response = await client.fetch(objectUrl(key), { method: 'DELETE' });
        if (!response.ok && response.status !== 404) await fail('DELETE', key, response);
      }
    },
  };
}

/** The address of an object in the bucket (path style, or the bucket as a subdomain of the endpoint). */
export function bucketObjectUrl(config: Extract<MediaStoreConfig, { kind: 's3' }>, key: string): string {
  return config.pathStyle
    ? `${config.endpoint}/${config.bucket}/${key}`
    : `${config.endpoint.replace('://', `://${config.bucket}.`)}/${key}`;
}

/**
 * The origins a page plays this store's audio from: its public address, and the bucket's own (people's own audio
 * is answered with a presigned address there). The page's Content-Security-Policy allows exactly these.
 */
export function mediaOriginsOf(config: MediaStoreConfig): string[] {
  if (config.kind !== 's3') return [];
  return [...new Set([new URL(config.publicUrl).origin, new URL(bucketObjectUrl(config, 'x')).origin])];
}

/** The five entities of XML text. */
const decodeXml = (text: string): string =>
  text.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_match, entity: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[entity] ?? '',
  );
