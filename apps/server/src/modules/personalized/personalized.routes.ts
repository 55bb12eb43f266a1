import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/contract-routes';
import { requireUser } from '../auth/session';
import type { PersonalizedService } from './personalized.service';

const noStore = 'private, no-store';

export async function personalizedRoutes(app: FastifyInstance, { service }: { service: PersonalizedService }): Promise<void> {
  route(app, 'POST /api/create-personalized-journey', async (request, reply) => {
    const { journey, created } = await service.create(requireUser(request).id, request.body);
    return reply.status(created ? 201 : 200).send(journey);
  });

  route(app, 'GET /api/personalized-journeys', async (request, reply) => {
    reply.header('cache-control', noStore);
    return { journeys: await service.list(requireUser(request).id) };
  });

  route(app, 'GET /api/personalized-journeys/allowance', async (request, reply) => {
    reply.header('cache-control', noStore);
    return service.allowance(requireUser(request).id);
  });

  route(app, 'GET /api/personalized-journeys/:id', async (request, reply) => {
    reply.header('cache-control', noStore);
    return service.detail(requireUser(request).id, request.params.id);
  });

  route(app, 'POST /api/personalized-journeys/:id/retry', async (request) => service.retry(requireUser(request).id, request.params.id));

  route(app, 'POST /api/personalized-journeys/:id/days/:dayNumber/complete', async (request) =>
    service.completeDay(requireUser(request).id, request.params.id, request.params.dayNumber),
  );
}
