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
function sendCached(request: FastifyRequest, reply: FastifyReply, body: string, etag = etagOf(body)) {
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'cookie, authorization');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

export const contentRoutes: FastifyPluginAsyncZod<{ feed: FeedService }> = async (app, { feed }) => {
  const publicJson = new Map<string, { source: object; json: string; etag: string }>();
  const serializedPublic = async (lng: string | undefined) => {
    const value = await feed.publicFeed(toLanguage(lng));
    const key = value.language;
    let entry = publicJson.get(key);
    if (entry?.source !== value) {
      const json = JSON.stringify(value);
      entry = { source: value, json, etag: etagOf(json) };
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
      const { json, etag } = await serializedPublic(request.query.lng);
      const user = request.sessionUser;
      if (!user) return sendCached(request, reply, `${json.slice(0, -1)},"userPrayers":null}`, etag);
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
