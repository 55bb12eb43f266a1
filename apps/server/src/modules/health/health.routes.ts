import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/contract-routes';
import type { Metrics } from '../../platform/metrics';
import type { Readiness } from '../../platform/readiness';

export interface HealthOptions {
  /** GET /ready's checks (platform/readiness.ts). */
  readiness?: () => Promise<Readiness>;
  /** GET /metrics (platform/metrics.ts). */
  metrics?: Metrics;
  /** When set, /metrics answers only `Authorization: Bearer <token>`. */
  metricsToken?: string;
}

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Probes and scrapes, on the API (and on a worker's own port): /health while the process runs (liveness), /ready
 * when it can work (readiness: 503 with the reason otherwise, the database's own error only in the log), /metrics for Prometheus.
 */
export async function healthRoutes(app: FastifyInstance, options: HealthOptions = {}): Promise<void> {
  route(app, 'GET /health', async (_request, reply) => reply.type('text/plain; charset=utf-8').send('App is running'));

  route(app, 'GET /ready', async (_request, reply) => {
    const state = options.readiness ? await options.readiness() : null;
    reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
    if (!state)
      return reply
        .status(503)
        .send(JSON.stringify({ status: 'unavailable', error: { code: 'NOT_READY', message: 'No readiness checks' } }));
    if (state.ready) return reply.send(JSON.stringify({ status: 'ready', checks: state.checks }));
    return reply
      .status(503)
      .send(
        JSON.stringify({ status: 'unavailable', checks: state.checks, error: { code: 'NOT_READY', message: state.reason ?? 'Not ready' } }),
      );
  });

  route(app, 'GET /metrics', async (request, reply) => {
    if (options.metricsToken) {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!sameSecret(given, options.metricsToken)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ error: { code: 'UNAUTHORIZED', message: 'A metrics token is required' } });
      }
    }
    if (!options.metrics) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'No metrics here' } });
    const { contentType, body } = await options.metrics.render();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}
