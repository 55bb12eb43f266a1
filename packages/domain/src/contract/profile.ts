import { z } from 'zod';
import { deleteMeSchema, meSchema, updateMeSchema } from '../profile';
import { defineEndpoints } from './endpoint';
import { errorResponses } from './errors';

const errors = errorResponses(400, 401, 403, 404, 429);

/** The signed-in person: profile, plan, preferences, and deleting the account. */
export const profileEndpoints = defineEndpoints({
  'GET /api/me': {
    tag: 'profile',
    summary: 'The signed-in person with their plan and preferences',
    responses: { 200: meSchema, ...errors },
  },
  'PATCH /api/me': {
    tag: 'profile',
    summary: 'Changes the name, language, goals or other preferences',
    body: updateMeSchema,
    responses: { 200: meSchema, ...errors },
  },
  'DELETE /api/me': {
    tag: 'profile',
    summary: 'Deletes the account and everything in it (the password is asked when the account has one)',
    body: deleteMeSchema,
    responses: { 200: z.object({ deleted: z.literal(true) }), ...errors },
  },
});
