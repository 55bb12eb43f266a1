import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, gzip as gzipCallback, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@selah/domain/errors';
import type { ContentItem } from '@selah/domain/feed';
import { toLanguage } from '@selah/domain/languages';
import { etagOf, type FeedService, type PublicContent } from './feed.service';

const languageQuery = z.object({ lng: z.string().max(20).optional() }).strict();

/**
 * Sends a JSON string with an ETag; a matching If-None-Match answers 304 with no body. Responses may
 * depend on the session, so caches keep them private and revalidate every time (a 304 is cheap).
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, body: string) {
  const etag = etagOf(body);
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'cookie, authorization');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

type Encoding = 'br' | 'gzip' | 'identity';
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
interface EncodedBody {
  etag: string;
  notModified: Record<string, string>;
  bodies: Record<Encoding, Buffer>;
  headers: Record<Encoding, Record<string, string>>;
}

function encodeBody(json: string): EncodedBody {
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
const encodingOf = (() => {
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
function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  if (request.headers['if-none-match'] === body.etag) return reply.headers(body.notModified).status(304).send();
  const encoding = encodingOf(request.headers['accept-encoding']);
  return reply.headers(body.headers[encoding]).send(body.bodies[encoding]);
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/** A body made for one request (the signed-in feed): compressed now, at a quick setting. */
async function sendFresh(request: FastifyRequest, reply: FastifyReply, json: string) {
  const etag = etagOf(json);
  if (request.headers['if-none-match'] === etag) return reply.headers(notModifiedHeaders(etag)).status(304).send();
  const encoding = encodingOf(request.headers['accept-encoding']);
  reply.headers(responseHeaders(etag, encoding));
  if (encoding === 'identity') return reply.send(json);
  return reply.send(encoding === 'br' ? await brotli(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : await gzip(json));
}

/** These routes encode their own bodies (once, or per request): the compress plugin stays off them. */
const ownEncoding = { compress: false, decompress: false } as const;

export const contentRoutes: FastifyPluginAsyncZod<{ feed: FeedService }> = async (app, { feed }) => {
  /** Per language: the public content, its feed as JSON, and the signed-out feed and the texts compressed. */
  const serialized = new Map<string, { content: PublicContent; json: string; signedOut: EncodedBody; texts: EncodedBody }>();
  // The public content is rebuilt at most once a minute per language: serialise and compress it once then.
  const publicContent = async (lng: string | undefined) => {
    const content = await feed.publicContent(toLanguage(lng));
    const key = content.feed.language;
    let entry = serialized.get(key);
    if (entry?.content !== content) {
      const json = JSON.stringify(content.feed);
      const signedOut = `${json.slice(0, -1)},"userPrayers":null}`;
      const texts = JSON.stringify(content.texts);
      entry = { content, json, signedOut: encodeBody(signedOut), texts: encodeBody(texts) };
      serialized.set(key, entry);
    }
    return entry;
  };

  app.get(
    '/api/feed',
    {
      ...ownEncoding,
      schema: {
        tags: ['content'],
        summary: 'Everything the dashboard shows: daily prayers, popular prayers, categories with their cards, and the user prayers',
        querystring: languageQuery,
        response: { 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { json, signedOut } = await publicContent(request.query.lng);
      const user = request.sessionUser;
      if (!user) return sendEncoded(request, reply, signedOut);
      const userPrayers = JSON.stringify(await feed.userPrayers(user.id));
      return sendFresh(request, reply, `${json.slice(0, -1)},"userPrayers":${userPrayers}}`);
    },
  );

  app.get(
    '/api/content/texts',
    {
      ...ownEncoding,
      schema: {
        tags: ['content'],
        summary: 'The words of every card of the feed (default content and daily prayers), by id',
        querystring: languageQuery,
        response: { 400: apiErrorSchema },
      },
    },
    async (request, reply) => sendEncoded(request, reply, (await publicContent(request.query.lng)).texts),
  );

  app.get(
    '/api/categories',
    { schema: { tags: ['content'], querystring: languageQuery, response: { 400: apiErrorSchema } } },
    async (request, reply) => {
      const { feed: value } = (await publicContent(request.query.lng)).content;
      return sendCached(request, reply, JSON.stringify(value.categories.map(({ id, order, name }) => ({ id, order, name }))));
    },
  );

  app.get(
    '/api/content',
    {
      schema: {
        tags: ['content'],
        summary: 'Default content of one preference ("prayers" or a category id), with the words',
        querystring: z.object({ preference: z.string().regex(/^[a-z0-9-]{1,40}$/), lng: z.string().max(20).optional() }).strict(),
        response: { 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { feed: value, texts } = (await publicContent(request.query.lng)).content;
      const { preference } = request.query;
      const cards =
        preference === 'prayers' ? value.popularPrayers : (value.categories.find((category) => category.id === preference)?.items ?? []);
      const items: ContentItem[] = cards.map((card) => ({ ...card, text: texts.texts[card.id] ?? '' }));
      return sendCached(request, reply, JSON.stringify(items));
    },
  );
};
