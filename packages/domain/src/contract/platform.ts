import { z } from 'zod';
import { analyticsEventSchema } from '../analytics';
import { LANGUAGES } from '../languages';
import { defineEndpoints } from './endpoint';
import { errorResponses } from './errors';

/** Analytics events, the live stream, a person's own audio, translations and health. */
export const platformEndpoints = defineEndpoints({
  'POST /api/analytics/events': {
    tag: 'analytics',
    summary: 'Records one event of the spec’s section 3 (with the signed-in user, if any)',
    body: analyticsEventSchema,
    responses: { 202: z.object({ accepted: z.literal(true) }), ...errorResponses(400, 413, 429) },
  },
  'GET /api/events': {
    tag: 'live',
    summary: 'Server-Sent Events: changes of the signed-in user’s prayers and personalized journeys',
    responses: errorResponses(401),
    otherResponses: {
      200: {
        contentType: 'text/event-stream',
        description: 'One `record` or `personalized-journey` event per change, its data a JSON object; a comment line every 25 s',
      },
    },
  },
  'GET /media/private/:owner/:file': {
    tag: 'media',
    summary:
      'A person’s own audio, at the signed address the API gave them (byte ranges supported); the same address with .vtt gives its spoken lines as WebVTT',
    params: z.object({ owner: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), file: z.string().regex(/^[a-f0-9]{64}\.[a-z0-9]{1,8}$/) }),
    query: z.object({ exp: z.coerce.number().int().positive().optional(), sig: z.string().max(100).optional() }),
    responses: errorResponses(400, 403, 404, 416),
    otherResponses: {
      200: { contentType: 'audio/mpeg', description: 'The audio (or text/vtt: its cues)' },
      206: { contentType: 'audio/mpeg', description: 'The byte range asked for' },
      302: { description: 'To a presigned address of the bucket (S3 storage)' },
    },
  },
  'GET /media/private/:owner/streams/:file': {
    tag: 'media',
    summary:
      'A person’s prayer, or the first day of their personalized journey, while it is being voiced: an HLS playlist (EVENT) of the audio so far, at the signed address its record (streamUrl) or journey (firstDayStream) gives; it ends (EXT-X-ENDLIST) when all of it is out',
    params: z.object({
      owner: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
      file: z.string().regex(/^[0-9a-f-]{36}(\.day-1)?\.m3u8$/),
    }),
    query: z.object({ exp: z.coerce.number().int().positive().optional(), sig: z.string().max(100).optional() }),
    responses: errorResponses(400, 403, 404),
    otherResponses: {
      200: {
        contentType: 'application/vnd.apple.mpegurl',
        description: 'The playlist; its segments are MP3 in MPEG-TS at signed addresses',
      },
    },
  },
  'GET /health': {
    tag: 'health',
    summary: 'Answers while the process runs (for load balancers; not part of the API)',
    hidden: true,
    responses: {},
    otherResponses: { 200: { contentType: 'text/plain', description: 'App is running' } },
  },
  'GET /ready': {
    tag: 'health',
    summary: 'Answers 200 when the process can work: database reachable, migrations applied, job queue running',
    hidden: true,
    responses: {},
    otherResponses: {
      200: { contentType: 'application/json', description: '{ "status": "ready", "checks": { "database", "migrations", "queue" } }' },
      503: {
        contentType: 'application/json',
        description: '{ "status": "unavailable", "checks", "error": { "code": "NOT_READY", "message": the reason } }',
      },
    },
  },
  'GET /metrics': {
    tag: 'health',
    summary: 'Prometheus metrics of this process (with METRICS_TOKEN set, only with Authorization: Bearer <token>)',
    hidden: true,
    responses: errorResponses(401),
    otherResponses: { 200: { contentType: 'text/plain; version=0.0.4', description: 'The text exposition format' } },
  },
  'GET /locales/:lng/:file': {
    tag: 'locales',
    hidden: true,
    params: z.object({ lng: z.enum(LANGUAGES), file: z.string().regex(/^[a-z][a-z0-9-]{0,40}\.json$/) }),
    responses: errorResponses(400, 404),
    otherResponses: { 200: { contentType: 'application/json', description: 'One namespace of translations' } },
  },
  'POST /locales/add/:lng/:ns': {
    tag: 'locales',
    summary: 'Development only: missing translation keys, logged for translators',
    hidden: true,
    params: z.object({ lng: z.enum(LANGUAGES), ns: z.string().regex(/^[a-z][a-z0-9-]{0,40}$/) }),
    body: z.record(z.string().max(200), z.string().max(2000)),
    responses: { 204: z.null(), ...errorResponses(400) },
  },
  'POST /api/test/clock': {
    tag: 'test',
    summary: 'Browser tests only (ENABLE_TEST_CLOCK=1): moves the server clock',
    hidden: true,
    body: z
      .object({
        advanceMs: z
          .number()
          .int()
          .min(-366 * 86_400_000)
          .max(366 * 86_400_000),
      })
      .strict(),
    responses: { 200: z.object({ now: z.string(), offsetMs: z.number() }) },
  },
});
