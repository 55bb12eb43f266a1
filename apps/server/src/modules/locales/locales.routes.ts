import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/contract-routes';
import { notFound } from '../../platform/errors';

/**
 * Translation files for i18next-http-backend: GET /locales/{lng}/{ns}.json, and, in development only (where
 * the web app saves missing keys), the add path /locales/add/{lng}/{ns} that logs them for translators.
 */
export async function localesRoutes(
  app: FastifyInstance,
  { localesDir, cache, acceptMissingKeys }: { localesDir: string; cache: boolean; acceptMissingKeys: boolean },
): Promise<void> {
  const files = new Map<string, string>();

  route(app, 'GET /locales/:lng/:file', async (request, reply) => {
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
  });

  if (!acceptMissingKeys) return;
  route(app, 'POST /locales/add/:lng/:ns', async (request, reply) => {
    request.log.warn(
      { lng: request.params.lng, ns: request.params.ns, keys: Object.keys(request.body).slice(0, 50) },
      'missing translation keys',
    );
    return reply.status(204).send(null);
  });
}
