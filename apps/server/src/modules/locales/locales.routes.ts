import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES } from '@selah/domain/languages';
import { apiErrorSchema } from '@selah/domain/errors';
import { notFound } from '../../platform/errors';

const params = z.object({ lng: z.enum(LANGUAGES), ns: z.string().regex(/^[a-z][a-z0-9-]{0,40}$/) });

/**
 * Translation files for i18next-http-backend: GET /locales/{lng}/{ns}.json, and, in development only (where
 * the web app saves missing keys), the add path /locales/add/{lng}/{ns} that logs them for translators.
 */
export const localesRoutes: FastifyPluginAsyncZod<{ localesDir: string; cache: boolean; acceptMissingKeys: boolean }> = async (
  app,
  { localesDir, cache, acceptMissingKeys },
) => {
  const files = new Map<string, string>();

  app.get(
    '/locales/:lng/:file',
    { schema: { hide: true, params: z.object({ lng: z.enum(LANGUAGES), file: z.string().regex(/^[a-z][a-z0-9-]{0,40}\.json$/) }) } },
    async (request, reply) => {
      const { lng, file } = request.params;
      const key = `${lng}/${file}`;
      let body = cache ? files.get(key) : undefined;
      if (body === undefined) {
        body = await readFile(path.join(localesDir, lng, file), 'utf8').catch(() => undefined);
        if (body === undefined) throw notFound(`No translations for ${key}`);
        if (cache) files.set(key, body);
      }
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'public, max-age=300, stale-while-revalidate=3600')
        .send(body);
    },
  );

  if (!acceptMissingKeys) return;
  app.post(
    '/locales/add/:lng/:ns',
    {
      schema: {
        hide: true,
        params,
        body: z.record(z.string().max(200), z.string().max(2000)),
        response: { 204: z.null(), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      request.log.warn(
        { lng: request.params.lng, ns: request.params.ns, keys: Object.keys(request.body).slice(0, 50) },
        'missing translation keys',
      );
      return reply.status(204).send(null);
    },
  );
};
