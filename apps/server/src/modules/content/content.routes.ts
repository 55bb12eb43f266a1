import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@selah/domain/errors';
import { toLanguage } from '@selah/domain/languages';
import { etagOf, type FeedService } from './feed.service';

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

/** One response body in every encoding a browser may ask for, compressed once instead of per request. */
interface EncodedBody {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function encodeBody(json: string, etag: string): EncodedBody {
  const identity = Buffer.from(json);
  return {
    etag,
    identity,
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** br, then gzip, if the client accepts them (a q of 0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
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

function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  reply.header('etag', body.etag).header('cache-control', 'private, no-cache').header('vary', 'cookie, authorization, accept-encoding');
  if (request.headers['if-none-match'] === body.etag) return reply.status(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(body[encoding]);
}

export const contentRoutes: FastifyPluginAsyncZod<{ feed: FeedService }> = async (app, { feed }) => {
  const publicJson = new Map<string, { source: object; json: string; etag: string; signedOut: EncodedBody }>();
  // The public feed is rebuilt at most once a minute per language: serialise and compress it once then.
  const serializedPublic = async (lng: string | undefined) => {
    const value = await feed.publicFeed(toLanguage(lng));
    const key = value.language;
    let entry = publicJson.get(key);
    if (entry?.source !== value) {
      const json = JSON.stringify(value);
      const etag = etagOf(json);
      entry = { source: value, json, etag, signedOut: encodeBody(`${json.slice(0, -1)},"userPrayers":null}`, etag) };
      publicJson.set(key, entry);
    }
    return { value, ...entry };
  };

  app.get(
    '/api/feed',
    {
      schema: {
        tags: ['content'],
        summary: 'Everything the dashboard shows: daily prayers, popular prayers, categories with items, and the user prayers',
        querystring: languageQuery,
        response: { 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { json, signedOut } = await serializedPublic(request.query.lng);
      const user = request.sessionUser;
      if (!user) return sendEncoded(request, reply, signedOut);
      const userPrayers = JSON.stringify(await feed.userPrayers(user.id));
      return sendCached(request, reply, `${json.slice(0, -1)},"userPrayers":${userPrayers}}`);
    },
  );

  app.get(
    '/api/categories',
    { schema: { tags: ['content'], querystring: languageQuery, response: { 400: apiErrorSchema } } },
    async (request, reply) => {
      const { value } = await serializedPublic(request.query.lng);
      return sendCached(request, reply, JSON.stringify(value.categories.map(({ id, order, name }) => ({ id, order, name }))));
    },
  );

  app.get(
    '/api/content',
    {
      schema: {
        tags: ['content'],
        summary: 'Default content of one preference ("prayers" or a category id)',
        querystring: z.object({ preference: z.string().regex(/^[a-z0-9-]{1,40}$/), lng: z.string().max(20).optional() }).strict(),
        response: { 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { value } = await serializedPublic(request.query.lng);
      const { preference } = request.query;
      const items =
        preference === 'prayers' ? value.popularPrayers : (value.categories.find((category) => category.id === preference)?.items ?? []);
      return sendCached(request, reply, JSON.stringify(items));
    },
  );
};
