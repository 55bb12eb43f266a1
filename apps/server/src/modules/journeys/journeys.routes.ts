import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@selah/domain/errors';
import { journeyDaySchema, journeyDetailSchema, journeySummarySchema, progressActionSchema, progressSchema } from '@selah/domain/journeys';
import { toLanguage } from '@selah/domain/languages';
import { requireUser } from '../auth/session';
import type { JourneysService } from './journeys.service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const journeyId = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a journey id')
  .max(80);
const lng = z.object({ lng: z.string().max(20).optional() }).strict();
const dayNumber = z
  .string()
  .regex(/^[1-9][0-9]{0,3}$/, 'a day number')
  .transform(Number);

export const journeysRoutes: FastifyPluginAsyncZod<{ service: JourneysService; languageOf: (userId: string) => Promise<string> }> = async (
  app,
  { service, languageOf },
) => {
  app.get(
    '/api/journeys',
    {
      schema: {
        tags: ['journeys'],
        summary: 'Active fixed journeys in order, in the language asked for (fallback en)',
        querystring: lng,
        response: { 200: z.object({ journeys: z.array(journeySummarySchema) }), ...errors },
      },
    },
    async (request) => ({ journeys: await service.list(toLanguage(request.query.lng)) }),
  );

  app.get(
    '/api/journeys/:journeyId',
    {
      schema: {
        tags: ['journeys'],
        params: z.object({ journeyId }).strict(),
        querystring: lng,
        response: { 200: journeyDetailSchema, ...errors },
      },
    },
    async (request) => service.detail(request.params.journeyId, toLanguage(request.query.lng)),
  );

  app.get(
    '/api/journeys/:journeyId/days/:dayNumber',
    {
      schema: {
        tags: ['journeys'],
        params: z.object({ journeyId, dayNumber }).strict(),
        querystring: lng,
        response: { 200: journeyDaySchema, ...errors },
      },
    },
    async (request) => service.day(request.params.journeyId, request.params.dayNumber, toLanguage(request.query.lng)),
  );

  app.get(
    '/api/journey-progress',
    {
      schema: {
        tags: ['journeys'],
        summary: "The user's progress in every journey",
        response: { 200: z.object({ progress: z.array(progressSchema) }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { progress: await service.progressOfUser(requireUser(request).id) };
    },
  );

  app.get(
    '/api/journey-progress/:journeyId',
    {
      schema: {
        tags: ['journeys'],
        params: z.object({ journeyId }).strict(),
        response: { 200: z.object({ progress: progressSchema.nullable() }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { progress: await service.progress(requireUser(request).id, request.params.journeyId) };
    },
  );

  app.post(
    '/api/journey-progress/:journeyId',
    {
      schema: {
        tags: ['journeys'],
        summary: 'One progress transition: start, complete, skip, reset, deactivate, reactivate or playback',
        params: z.object({ journeyId }).strict(),
        body: progressActionSchema,
        response: { 200: z.object({ progress: progressSchema }), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const language = toLanguage(await languageOf(user.id));
      return { progress: await service.act(user.id, language, request.params.journeyId, request.body) };
    },
  );
};
