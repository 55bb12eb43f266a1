import { z } from 'zod';
import { dataExportSchema } from '../exports';
import { defineEndpoints } from './endpoint';
import { errorResponses } from './errors';

/** Your data (issue 22): a full export as one zip, prepared as a job, offered as a download that expires. */
export const exportsEndpoints = defineEndpoints({
  'POST /api/exports': {
    tag: 'exports',
    summary: 'Starts preparing an export of everything the person made (profile, goals, prayers, journeys, audio) as one zip',
    responses: { 201: dataExportSchema, ...errorResponses(401, 409, 429) },
  },
  'GET /api/exports/latest': {
    tag: 'exports',
    summary: 'The person’s latest export and its state (null when there is none)',
    responses: { 200: z.object({ export: dataExportSchema.nullable() }), ...errorResponses(401) },
  },
  'GET /api/exports/:id/download': {
    tag: 'exports',
    summary: 'The export’s zip, for its owner with the link’s token, until it expires; 404 for anything else',
    params: z.object({ id: z.string().max(100) }),
    query: z.object({ token: z.string().max(200).optional() }).strict(),
    responses: errorResponses(401, 404),
    otherResponses: {
      200: { contentType: 'application/zip', description: 'The zip' },
      302: { description: 'To a presigned address of the bucket (S3 storage)' },
    },
  },
});
