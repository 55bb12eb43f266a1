import { z } from 'zod';
import { journeyDaySchema, journeyDetailSchema, journeySummarySchema, progressActionSchema, progressSchema } from '../journeys';

import { defineEndpoints } from './endpoint';
import { errorResponses } from './errors';

const errors = errorResponses(400, 401, 404, 409);
const journeyId = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a journey id')
  .max(80);
const lng = z.object({ lng: z.string().max(20).optional() }).strict();
const dayNumber = z
  .string()
  .regex(/^[1-9][0-9]{0,3}$/, 'a day number')
  .transform(Number);

/** Fixed journeys (public) and the signed-in user's progress through them. */
export const journeysEndpoints = defineEndpoints({
  'GET /api/journeys': {
    tag: 'journeys',
    summary: 'Active fixed journeys in order, in the language asked for (fallback en)',
    query: lng,
    responses: { 200: z.object({ journeys: z.array(journeySummarySchema) }), ...errors },
  },
  'GET /api/journeys/:journeyId': {
    tag: 'journeys',
    summary: 'One journey with its days',
    params: z.object({ journeyId }).strict(),
    query: lng,
    responses: { 200: journeyDetailSchema, ...errors },
  },
  'GET /api/journeys/:journeyId/days/:dayNumber': {
    tag: 'journeys',
    summary: 'One day of a journey',
    params: z.object({ journeyId, dayNumber }).strict(),
    query: lng,
    responses: { 200: journeyDaySchema, ...errors },
  },
  'GET /api/journey-progress': {
    tag: 'journeys',
    summary: "The user's progress in every journey",
    responses: { 200: z.object({ progress: z.array(progressSchema) }), ...errors },
  },
  'GET /api/journey-progress/:journeyId': {
    tag: 'journeys',
    summary: "The user's progress in one journey (null before it starts)",
    params: z.object({ journeyId }).strict(),
    responses: { 200: z.object({ progress: progressSchema.nullable() }), ...errors },
  },
  'POST /api/journey-progress/:journeyId': {
    tag: 'journeys',
    summary: 'One progress transition: start, complete, skip, reset, deactivate, reactivate or playback',
    params: z.object({ journeyId }).strict(),
    body: progressActionSchema,
    responses: { 200: z.object({ progress: progressSchema }), ...errors },
  },
});
