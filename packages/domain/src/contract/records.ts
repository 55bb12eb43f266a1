import { z } from 'zod';
import {
  createAffirmationSchema,
  generationStatsSchema,
  recordSchema,
  recordsPageSchema,
  recordsQuerySchema,
  searchQuerySchema,
  searchResponseSchema,
} from '../records';
import { defineEndpoints } from './endpoint';
import { errorResponses } from './errors';

const errors = errorResponses(400, 401, 403, 404, 409);
const recordParams = z.object({ id: z.uuid() }).strict();
const recordBody = z.object({ record: recordSchema });

/** The user's own prayers: the quota, creating one, the library, retry and search. */
export const recordsEndpoints = defineEndpoints({
  'GET /api/user/generation-stats': {
    tag: 'records',
    summary: 'Prayers generated, in total and per month',
    responses: { 200: generationStatsSchema, ...errors },
  },
  'POST /api/create-affirmation': {
    tag: 'records',
    summary: 'Creates a personal prayer: takes a unit of the monthly quota and queues its generation',
    body: createAffirmationSchema,
    responses: { 200: recordBody, 201: recordBody, ...errors },
  },
  'GET /api/records': {
    tag: 'records',
    summary: "The user's prayers, newest first",
    query: recordsQuerySchema,
    responses: { 200: recordsPageSchema, ...errors },
  },
  'GET /api/records/:id': {
    tag: 'records',
    summary: 'One of the user’s prayers',
    params: recordParams,
    responses: { 200: recordBody, ...errors },
  },
  'POST /api/records/:id/retry': {
    tag: 'records',
    summary: 'Generates a failed prayer again',
    params: recordParams,
    responses: { 200: recordBody, ...errors },
  },
  'GET /api/search': {
    tag: 'records',
    summary: "Searches the user's completed prayers and the default content",
    query: searchQuerySchema,
    responses: { 200: searchResponseSchema, ...errors },
  },
});
