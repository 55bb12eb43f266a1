import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/contract-routes';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  route(app, 'GET /health', async (_request, reply) => reply.type('text/plain; charset=utf-8').send('App is running'));
}
