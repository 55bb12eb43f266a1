import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@selah/domain/errors';
import { toLanguage } from '@selah/domain/languages';
import {
  createAffirmationSchema,
  generationStatsSchema,
  recordSchema,
  recordsPageSchema,
  recordsQuerySchema,
  searchQuerySchema,
  searchResponseSchema,
} from '@selah/domain/records';
import { requireUser } from '../auth/session';
import type { RecordsService } from './records.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const recordParams = z.object({ id: z.uuid() }).strict();
const recordBody = z.object({ record: recordSchema });
// Lists change with every generation: caches must always ask.
const noStore = 'private, no-store';

export const recordsRoutes: FastifyPluginAsyncZod<{ service: RecordsService }> = async (app, { service }) => {
  app.get(
    '/api/user/generation-stats',
    {
      schema: {
        tags: ['records'],
        summary: 'Prayers generated, in total and per month',
        response: { 200: generationStatsSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return service.stats(requireUser(request).id);
    },
  );

  app.post(
    '/api/create-affirmation',
    {
      schema: {
        tags: ['records'],
        summary: 'Creates a personal prayer: takes a unit of the monthly quota and queues its generation',
        body: createAffirmationSchema,
        response: { 200: recordBody, 201: recordBody, ...errors },
      },
    },
    async (request, reply) => {
      const { record, created } = await service.createAffirmation(requireUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send({ record });
    },
  );

  app.get(
    '/api/records',
    {
      schema: {
        tags: ['records'],
        summary: "The user's prayers, newest first",
        querystring: recordsQuerySchema,
        response: { 200: recordsPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return service.page(requireUser(request).id, request.query.limit, request.query.cursor);
    },
  );

  app.get(
    '/api/records/:id',
    { schema: { tags: ['records'], params: recordParams, response: { 200: recordBody, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return { record: await service.get(requireUser(request).id, request.params.id) };
    },
  );

  app.post(
    '/api/records/:id/retry',
    {
      schema: {
        tags: ['records'],
        summary: 'Generates a failed prayer again',
        params: recordParams,
        response: { 200: recordBody, ...errors },
      },
    },
    async (request) => ({ record: await service.retry(requireUser(request).id, request.params.id) }),
  );

  app.get(
    '/api/search',
    {
      schema: {
        tags: ['records'],
        summary: "Searches the user's completed prayers and the default content",
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return service.search(requireUser(request).id, request.query.q, toLanguage(request.query.lng));
    },
  );
};
