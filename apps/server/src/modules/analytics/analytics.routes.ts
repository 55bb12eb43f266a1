import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/contract-routes';
import type { AnalyticsQueries } from './analytics.queries';

/** An event is a few hundred bytes: anything much larger is refused before it is parsed. */
const EVENT_BODY_LIMIT = 4 * 1024;

/** Events of the spec's section 3, stored with the signed-in user (if any), logged in development. */
export async function analyticsRoutes(
  app: FastifyInstance,
  { queries, logToConsole }: { queries: AnalyticsQueries; logToConsole: boolean },
): Promise<void> {
  route(
    app,
    'POST /api/analytics/events',
    async (request, reply) => {
      const event = request.body;
      await queries.insert({ userId: request.sessionUser?.id ?? null, name: event.name, params: event.params });
      if (logToConsole)
        request.log.info({ analytics: event.name, params: event.params, userId: request.sessionUser?.id }, 'analytics event');
      return reply.status(202).send({ accepted: true as const });
    },
    { bodyLimit: EVENT_BODY_LIMIT, config: { rateLimit: { max: 240, timeWindow: '1 minute' } } },
  );
}
