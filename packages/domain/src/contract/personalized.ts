import { z } from 'zod';
import {
  createPersonalizedJourneySchema,
  journeyAllowanceSchema,
  personalizedJourneyDetailSchema,
  personalizedJourneySchema,
} from '../personalized';
import { defineEndpoints } from './endpoint';
import { errorResponses } from './errors';

const errors = errorResponses(400, 401, 404, 409);
const createErrors = errorResponses(400, 401, 404, 409, 429);
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

/** Personalized 7-day journeys: made from a few words, written and voiced in the background. */
export const personalizedEndpoints = defineEndpoints({
  'POST /api/create-personalized-journey': {
    tag: 'personalized journeys',
    summary: 'Creates a personalized 7-day journey (generating) and queues the writing and voicing of its days',
    body: createPersonalizedJourneySchema,
    responses: { 200: personalizedJourneyDetailSchema, 201: personalizedJourneyDetailSchema, ...createErrors },
  },
  'GET /api/personalized-journeys/allowance': {
    tag: 'personalized journeys',
    summary: 'What the person may start now: one journey at a time, and how many more today (told before they write)',
    responses: { 200: journeyAllowanceSchema, ...errors },
  },
  'GET /api/personalized-journeys': {
    tag: 'personalized journeys',
    summary: "The user's personalized journeys, newest first",
    responses: { 200: z.object({ journeys: z.array(personalizedJourneySchema) }), ...errors },
  },
  'GET /api/personalized-journeys/:id': {
    tag: 'personalized journeys',
    summary: 'One personalized journey with its days',
    params,
    responses: { 200: personalizedJourneyDetailSchema, ...errors },
  },
  'POST /api/personalized-journeys/:id/retry': {
    tag: 'personalized journeys',
    summary: 'Generates a failed journey again',
    params,
    responses: { 200: personalizedJourneyDetailSchema, ...errors },
  },
  'POST /api/personalized-journeys/:id/days/:dayNumber/complete': {
    tag: 'personalized journeys',
    summary: 'Marks an open day completed (the journey moves on to the next day)',
    params: dayParams,
    responses: { 200: personalizedJourneyDetailSchema, ...errors },
  },
});
