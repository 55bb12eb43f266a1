import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/contract-routes';
import { requireUser } from '../auth/session';
import type { HabitService } from './habit.service';

/** A time zone and a few settings: nothing bigger is a body here. */
const BODY_LIMIT = 2 * 1024;

export async function habitRoutes(app: FastifyInstance, { service }: { service: HabitService }): Promise<void> {
  route(app, 'GET /api/habit', async (request) => service.habit(requireUser(request).id, request.query.timeZone));

  route(app, 'POST /api/habit/prayed', async (request) => service.prayed(requireUser(request).id, request.body.timeZone), {
    bodyLimit: BODY_LIMIT,
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
  });

  route(app, 'PATCH /api/habit', async (request) => service.update(requireUser(request).id, request.body), { bodyLimit: BODY_LIMIT });
}
