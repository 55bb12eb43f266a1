import type { FastifyInstance } from 'fastify';
import { toLanguage } from '@selah/domain/languages';
import { route } from '../../platform/contract-routes';
import { requireUser } from '../auth/session';
import type { RecordsService } from './records.service';

// Lists change with every generation: caches must always ask.
const noStore = 'private, no-store';
/** The person's own frequent reads: from memory (platform/personal-cache.ts). */
const personal = { config: { personalCache: true as const } };

export async function recordsRoutes(app: FastifyInstance, { service }: { service: RecordsService }): Promise<void> {
  route(
    app,
    'GET /api/user/generation-stats',
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return service.stats(requireUser(request).id);
    },
    personal,
  );

  route(app, 'POST /api/create-affirmation', async (request, reply) => {
    const { record, created } = await service.createAffirmation(requireUser(request).id, request.body);
    return reply.status(created ? 201 : 200).send({ record });
  });

  route(
    app,
    'GET /api/records',
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return service.page(requireUser(request).id, request.query.limit, request.query.cursor);
    },
    personal,
  );

  route(app, 'GET /api/records/:id', async (request, reply) => {
    reply.header('cache-control', noStore);
    return { record: await service.get(requireUser(request).id, request.params.id) };
  });

  route(app, 'POST /api/records/:id/retry', async (request) => ({
    record: await service.retry(requireUser(request).id, request.params.id),
  }));

  route(app, 'GET /api/search', async (request, reply) => {
    reply.header('cache-control', noStore);
    return service.search(requireUser(request).id, request.query.q, toLanguage(request.query.lng));
  });
}
