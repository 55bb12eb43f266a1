import { z } from 'zod';
import { categorySchema, contentItemSchema, contentTextsSchema, feedSchema } from '../feed';
import { BED_IDS } from '../player';
import { defineEndpoints } from './endpoint';
import { errorResponses } from './errors';

const languageQuery = z.object({ lng: z.string().max(20).optional() }).strict();
const errors = errorResponses(400);

/** The default content: public, the same for everyone (the feed adds the signed-in user's prayers). */
export const contentEndpoints = defineEndpoints({
  'GET /api/feed': {
    tag: 'content',
    summary: 'Everything the dashboard shows: daily prayers, popular prayers, categories with their cards, and the user prayers',
    query: languageQuery,
    responses: { 200: feedSchema, ...errors },
  },
  'GET /api/content/texts': {
    tag: 'content',
    summary: 'The words of every card of the feed (default content and daily prayers), by id',
    query: languageQuery,
    responses: { 200: contentTextsSchema, ...errors },
  },
  'GET /api/categories': {
    tag: 'content',
    summary: 'The categories in order',
    query: languageQuery,
    responses: { 200: z.array(categorySchema), ...errors },
  },
  'GET /api/sounds': {
    tag: 'content',
    summary: 'The background sounds the player can lay under the voice, each a file that loops between loop.start and loop.end',
    query: z.object({}).strict(),
    responses: {
      200: z.object({
        sounds: z.array(
          z.object({
            id: z.enum(BED_IDS as [string, ...string[]]),
            audioUrl: z.string(),
            loop: z.object({ start: z.number(), end: z.number() }),
          }),
        ),
      }),
      ...errors,
    },
  },
  'GET /api/content': {
    tag: 'content',
    summary: 'Default content of one preference ("prayers" or a category id), with the words',
    query: z.object({ preference: z.string().regex(/^[a-z0-9-]{1,40}$/), lng: z.string().max(20).optional() }).strict(),
    responses: { 200: z.array(contentItemSchema), ...errors },
  },
});
