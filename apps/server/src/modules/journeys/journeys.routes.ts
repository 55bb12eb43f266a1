import type { FastifyInstance } from 'fastify';
import { toLanguage } from '@selah/domain/languages';
import { route } from '../../platform/contract-routes';
import { requireUser } from '../auth/session';
import type { JourneysService } from './journeys.service';

const noStore = 'private, no-store';

export async function journeysRoutes(
  app: FastifyInstance,
  { service, languageOf }: { service: JourneysService; languageOf: (userId: string) => Promise<string> },
): Promise<void> {
  route(app, 'GET /api/journeys', async (request) => ({ journeys: await service.list(toLanguage(request.query.lng)) }));

  route(app, 'GET /api/journeys/:journeyId', async (request) => service.detail(request.params.journeyId, toLanguage(request.query.lng)));

  route(app, 'GET /api/journeys/:journeyId/days/:dayNumber', async (request) =>
    service.day(request.params.journeyId, request.params.dayNumber, toLanguage(request.query.lng)),
  );

  // From memory until the person's progress changes (platform/personal-cache.ts).
  route(
    app,
    'GET /api/journey-progress',
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return { progress: await service.progressOfUser(requireUser(request).id) };
    },
    { config: { personalCache: true } },
  );

  route(app, 'GET /api/journey-progress/:journeyId', async (request, reply) => {
    reply.header('cache-control', noStore);
    return { progress: await service.progress(requireUser(request).id, request.params.journeyId) };
  });

  route(app, 'POST /api/journey-progress/:journeyId', async (request) => {
    const user = requireUser(request);
    const language = toLanguage(await languageOf(user.id));
    return { progress: await service.act(user.id, language, request.params.journeyId, request.body) };
  });
}
