import { z } from 'zod';
import { habitSchema, habitSettingsSchema, prayedBodySchema } from '../habit';
import { timeZoneSchema } from '../push';
import { defineEndpoints } from './endpoint';
import { errorResponses } from './errors';

/** The gentle record of the habit (issue 22): days prayed, in the person's own time zone. */
export const habitEndpoints = defineEndpoints({
  'GET /api/habit': {
    tag: 'habit',
    summary: 'Days prayed this week and this month, the streak, and the settings (numbers left out when hidden)',
    query: z.object({ timeZone: timeZoneSchema.optional() }).strict(),
    responses: { 200: habitSchema, ...errorResponses(400, 401) },
  },
  'POST /api/habit/prayed': {
    tag: 'habit',
    summary: 'Counts today as a day prayed, in the time zone the phone is in now (once a day, however often)',
    body: prayedBodySchema,
    responses: { 200: habitSchema, ...errorResponses(400, 401, 413, 415, 429) },
  },
  'PATCH /api/habit': {
    tag: 'habit',
    summary: 'Shows or hides the record, and sets the weekdays of rest (0 Sunday to 6 Saturday)',
    body: habitSettingsSchema,
    responses: { 200: habitSchema, ...errorResponses(400, 401, 413, 415) },
  },
});
