import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/contract-routes';
import { HttpError } from '../../platform/errors';
import { requireUser } from '../auth/session';
import type { ExportsService } from './exports.service';

export async function exportsRoutes(app: FastifyInstance, { service }: { service: ExportsService }): Promise<void> {
  route(app, 'POST /api/exports', async (request, reply) => reply.status(201).send(await service.request(requireUser(request).id)), {
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
  });

  route(app, 'GET /api/exports/latest', async (request) => ({ export: await service.latest(requireUser(request).id) }));

  route(
    app,
    'GET /api/exports/:id/download',
    async (request, reply) => {
      const { source, fileName } = await service.download(requireUser(request).id, request.params.id, request.query.token);
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      if (source.kind === 'redirect') return reply.redirect(source.url, 302);
      const result = await send(request.raw, source.path, { root: source.root, acceptRanges: true, cacheControl: false, dotfiles: 'deny' });
      if (result.type === 'error') throw new HttpError(404, 'NOT_FOUND', 'No such export.');
      return reply
        .status(result.statusCode)
        .headers(result.headers)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(result.stream);
    },
    { compress: false },
  );
}
