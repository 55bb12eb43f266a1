import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@selah/domain/errors';
import { createPersonalizedJourneySchema, personalizedJourneyDetailSchema, personalizedJourneySchema } from '@selah/domain/personalized';
import { requireUser } from '../auth/session';
import type { PersonalizedService } from './personalized.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const params = z.object({ id: z.uuid() }).strict();
const dayParams = z
  .object({
    id: z.uuid(),
    dayNumber: z
      .string()
      .regex(/^[1-9][0-9]{0,2}$/, 'a day number')
      .transform(Number),
  })
  .strict();
const noStore = 'private, no-store';

export const personalizedRoutes: FastifyPluginAsyncZod<{ service: PersonalizedService }> = async (app, { service }) => {
  app.post(
    '/api/create-personalized-journey',
    {
      schema: {
        tags: ['personalized journeys'],
        summary: 'Creates a personalized 7-day journey (generating) and queues the writing and voicing of its days',
        body: createPersonalizedJourneySchema,
        response: { 200: personalizedJourneyDetailSchema, 201: personalizedJourneyDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { journey, created } = await service.create(requireUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send(journey);
    },
  );

  app.get(
    '/api/personalized-journeys',
    {
      schema: {
        tags: ['personalized journeys'],
        summary: "The user's personalized journeys, newest first",
        response: { 200: z.object({ journeys: z.array(personalizedJourneySchema) }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return { journeys: await service.list(requireUser(request).id) };
    },
  );

  app.get(
    '/api/personalized-journeys/:id',
    { schema: { tags: ['personalized journeys'], params, response: { 200: personalizedJourneyDetailSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', noStore);
      return service.detail(requireUser(request).id, request.params.id);
    },
  );

  app.post(
    '/api/personalized-journeys/:id/retry',
    {
      schema: {
        tags: ['personalized journeys'],
        summary: 'Generates a failed journey again',
        params,
        response: { 200: personalizedJourneyDetailSchema, ...errors },
      },
    },
    async (request) => service.retry(requireUser(request).id, request.params.id),
  );

  app.post(
    '/api/personalized-journeys/:id/days/:dayNumber/complete',
    {
      schema: {
        tags: ['personalized journeys'],
        summary: 'Marks an open day completed (the journey moves on to the next day)',
        params: dayParams,
        response: { 200: personalizedJourneyDetailSchema, ...errors },
      },
    },
    async (request) => service.completeDay(requireUser(request).id, request.params.id, request.params.dayNumber),
  );
};
