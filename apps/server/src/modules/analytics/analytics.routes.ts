import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsEventSchema } from '@selah/domain/analytics';
import { apiErrorSchema } from '@selah/domain/errors';
import type { Database } from '../../platform/db/client';
import { analyticsEvents } from '../../platform/db/schema';

/** Events of the spec's section 3, stored with the signed-in user (if any), logged in development. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Database; logToConsole: boolean }> = async (app, { db, logToConsole }) => {
  app.post(
    '/api/analytics/events',
    {
      schema: {
        tags: ['analytics'],
        body: analyticsEventSchema,
        response: { 202: z.object({ accepted: z.literal(true) }), 400: apiErrorSchema },
      },
      config: { rateLimit: { max: 240, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const event = request.body;
      await db.insert(analyticsEvents).values({ userId: request.sessionUser?.id ?? null, name: event.name, params: event.params });
      if (logToConsole)
        request.log.info({ analytics: event.name, params: event.params, userId: request.sessionUser?.id }, 'analytics event');
      return reply.status(202).send({ accepted: true as const });
    },
  );
};
