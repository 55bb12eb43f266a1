import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import { route } from '../../platform/contract-routes';

/**
 * Browser tests move the server's clock (a personalized journey's next day opens a day later) instead of
 * waiting. Registered only with ENABLE_TEST_CLOCK=1.
 */
export async function testClockRoutes(app: FastifyInstance, { clock }: { clock: Clock }): Promise<void> {
  route(app, 'POST /api/test/clock', async (request) => {
    clock.advance(request.body.advanceMs);
    return { now: clock.now().toISOString(), offsetMs: clock.offsetMs() };
  });
}
