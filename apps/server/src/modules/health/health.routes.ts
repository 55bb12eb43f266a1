import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', { schema: { hide: true } }, async (_request, reply) => reply.type('text/plain; charset=utf-8').send('App is running'));
}
