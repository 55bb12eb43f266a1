import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';

/**
 * Browser tests move the server's clock (a personalized journey's next day opens a day later) instead of
 * waiting. Registered only with ENABLE_TEST_CLOCK=1.
 */
export const testClockRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  app.post(
    '/api/test/clock',
    {
      schema: {
        hide: true,
        body: z
          .object({
            advanceMs: z
              .number()
              .int()
              .min(-366 * 86_400_000)
              .max(366 * 86_400_000),
          })
          .strict(),
        response: { 200: z.object({ now: z.string(), offsetMs: z.number() }) },
      },
    },
    async (request) => {
      clock.advance(request.body.advanceMs);
      return { now: clock.now().toISOString(), offsetMs: clock.offsetMs() };
    },
  );
};
