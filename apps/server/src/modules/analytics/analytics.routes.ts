import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsEventSchema } from '@selah/domain/analytics';
import { apiErrorSchema } from '@selah/domain/errors';
import type { AnalyticsQueries } from './analytics.queries';

/** An event is a few hundred bytes: anything much larger is refused before it is parsed. */
const EVENT_BODY_LIMIT = 4 * 1024;

/** Events of the spec's section 3, stored with the signed-in user (if any), logged in development. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ queries: AnalyticsQueries; logToConsole: boolean }> = async (
  app,
  { queries, logToConsole },
) => {
  app.post(
    '/api/analytics/events',
    {
      schema: {
        tags: ['analytics'],
        body: analyticsEventSchema,
        response: { 202: z.object({ accepted: z.literal(true) }), 400: apiErrorSchema, 413: apiErrorSchema, 429: apiErrorSchema },
      },
      bodyLimit: EVENT_BODY_LIMIT,
      config: { rateLimit: { max: 240, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const event = request.body;
      await queries.insert({ userId: request.sessionUser?.id ?? null, name: event.name, params: event.params });
      if (logToConsole)
        request.log.info({ analytics: event.name, params: event.params, userId: request.sessionUser?.id }, 'analytics event');
      return reply.status(202).send({ accepted: true as const });
    },
  );
};
