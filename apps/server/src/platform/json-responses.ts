import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, gzip as gzipCallback, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// JSON responses with an ETag, revalidated on every visit (a 304 is cheap), in the encoding the client asks for.

export const etagOf = (body: string): string => `"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * Sends a JSON string with an ETag; a matching If-None-Match answers 304 with no body. Responses may
 * depend on the session, so caches keep them private and revalidate every time (a 304 is cheap).
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, body: string) {
  const etag = etagOf(body);
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'cookie, authorization');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

export type Encoding = 'br' | 'gzip' | 'identity';
const JSON_TYPE = 'application/json; charset=utf-8';
/** The feed differs per session and is sent in the encoding asked for. */
const FEED_VARY = 'cookie, authorization, accept-encoding';

const notModifiedHeaders = (etag: string): Record<string, string> => ({ etag, 'cache-control': 'private, no-cache', vary: FEED_VARY });
const responseHeaders = (etag: string, encoding: Encoding): Record<string, string> => ({
  ...notModifiedHeaders(etag),
  'content-type': JSON_TYPE,
  ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
});

/** One response body in every encoding a browser may ask for, compressed once instead of per request. */
export interface EncodedBody {
  etag: string;
  notModified: Record<string, string>;
  bodies: Record<Encoding, Buffer>;
  headers: Record<Encoding, Record<string, string>>;
}

export function encodeBody(json: string): EncodedBody {
  const identity = Buffer.from(json);
  const etag = etagOf(json);
  return {
    etag,
    notModified: notModifiedHeaders(etag),
    bodies: {
      identity,
      br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gzip: gzipSync(identity, { level: 9 }),
    },
    headers: { identity: responseHeaders(etag, 'identity'), br: responseHeaders(etag, 'br'), gzip: responseHeaders(etag, 'gzip') },
  };
}

/** br, then gzip, if the client accepts them (a q of 0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let br = false;
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (params.some((param) => /^q=0(\.0*)?$/.test(param))) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : 'identity';
}

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once. */
export const encodingOf = (() => {
  const seen = new Map<string, Encoding>();
  return (acceptEncoding: string | undefined): Encoding => {
    if (!acceptEncoding) return 'identity';
    let encoding = seen.get(acceptEncoding);
    if (encoding === undefined) {
      encoding = pickEncoding(acceptEncoding);
      if (seen.size < 100) seen.set(acceptEncoding, encoding);
    }
    return encoding;
  };
})();

/** A body encoded ahead of time: its headers and bytes are ready, or a 304 when the client has it. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  if (request.headers['if-none-match'] === body.etag) return reply.headers(body.notModified).status(304).send();
  const encoding = encodingOf(request.headers['accept-encoding']);
  return reply.headers(body.headers[encoding]).send(body.bodies[encoding]);
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/** A body made for one request (the signed-in feed): compressed now, at a quick setting. */
export async function sendFresh(request: FastifyRequest, reply: FastifyReply, json: string) {
  const etag = etagOf(json);
  if (request.headers['if-none-match'] === etag) return reply.headers(notModifiedHeaders(etag)).status(304).send();
  const encoding = encodingOf(request.headers['accept-encoding']);
  reply.headers(responseHeaders(etag, encoding));
  if (encoding === 'identity') return reply.send(json);
  return reply.send(encoding === 'br' ? await brotli(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : await gzip(json));
}

/** These routes encode their own bodies (once, or per request): the compress plugin stays off them. */
export const ownEncoding = { compress: false, decompress: false } as const;
