import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@selah/domain/error-codes';
import { route } from '../../platform/contract-routes';
import { HttpError } from '../../platform/errors';
import { requireUser } from '../auth/session';
import type { SubscriptionService } from './subscription.service';

/** RevenueCat's events are small; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

export async function subscriptionRoutes(app: FastifyInstance, { service }: { service: SubscriptionService }): Promise<void> {
  route(app, 'GET /api/subscription', async (request) => service.view(requireUser(request).id));

  route(app, 'POST /api/subscription/free', async (request) => service.chooseFree(requireUser(request).id), {
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
  });

  route(app, 'POST /api/subscription/sync', async (request) => service.sync(requireUser(request).id), {
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
  });

  route(
    app,
    'POST /api/webhooks/revenuecat',
    async (request) => ({ received: true as const, outcome: await service.receiveWebhook(request.body) }),
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      // The secret is checked before the body is read: a stranger's request costs nothing and changes nothing.
      onRequest: async (request) => {
        if (!service.webhookConfigured()) {
          throw new HttpError(404, ERROR_CODES.purchasesUnavailable, 'The RevenueCat webhook is not set up on this server.');
        }
        if (!service.webhookAuthorized(request.headers.authorization)) {
          throw new HttpError(401, ERROR_CODES.unauthorized, 'The webhook’s Authorization header is missing or wrong.');
        }
      },
    },
  );
}
