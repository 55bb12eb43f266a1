import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/contract-routes';
import { requireUser } from '../auth/session';
import type { PushService } from './push.service';

/** A subscription is a URL and two keys, a token a few hundred characters: nothing bigger is one. */
const SUBSCRIPTION_BODY_LIMIT = 8 * 1024;

export async function pushRoutes(app: FastifyInstance, { service }: { service: PushService }): Promise<void> {
  route(app, 'GET /api/push/public-key', async () => ({ publicKey: service.publicKey() }));

  route(app, 'GET /api/push/subscriptions', async (request) => ({ devices: await service.devices(requireUser(request).id) }));

  route(
    app,
    'POST /api/push/subscriptions',
    async (request, reply) => reply.status(201).send(await service.subscribe(requireUser(request).id, request.body)),
    { bodyLimit: SUBSCRIPTION_BODY_LIMIT, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );

  route(app, 'DELETE /api/push/subscriptions/:id', async (request) => {
    await service.unsubscribe(requireUser(request).id, request.params.id);
    return { deleted: true as const };
  });
}
