/**
 * Personal prayers: the API contract (server: apps/server/src/modules/records; web: features/create, library, search).
 *
 * All under the same origin, cookie session (apiFetch in apps/web/src/lib/api.ts already sends credentials and throws ApiError with .status and .code). Errors are JSON `{ "error": { "code", "message" } }`.
 * - GET /api/user/generation-stats -> GenerationStats {totalCount, monthlyCount: {"2026-11": 3, ...}, plan, monthlyLimit, currentMonth}. `hasQuotaLeft(stats)` is in the domain. 401 UNAUTHORIZED when signed out.
 * - POST /api/create-affirmation body CreateAffirmation {recordId (crypto.randomUUID(), makes it idempotent), length: 3, topic: a focus or 'standard' (TOPICS), experience, description (trimmed), userGoals: the user's non-blank goals from GET /api/me (useMe in features/profile/api/get-me? check where the profile query lives)} -> 201 (or 200 when the same recordId was already created) `{ record: PrayerRecord }` with status pending. 403 code LIMIT_REACHED when the month's quota is used up. 400 VALIDATION_ERROR.
 * - GET /api/records?cursor=&limit=20 -> RecordsPage {items: PrayerRecord[] newest first (every status: pending, processing, completed, failed), nextCursor: string|null}.
 * - POST /api/records/:id/retry -> { record } (only for a failed record; sets it back to pending and runs the generation again; does not take another unit of quota). 404 NOT_FOUND for another user's or unknown id, 409 CONFLICT if not failed.
 * - GET /api/search?q=&lng= -> SearchResponse {query, results: SearchResult[]}: case-insensitive substring match over the user's completed records (title, preference, description) and default prayers/affirmations (title, preference) in lng (fallback en), newest first, max 50. Empty q -> empty results.
 * - GET /api/events — Server-Sent Events for the signed-in user (401 otherwise): `event: record` with `data: {"type":"record","record": PrayerRecord}` on every change of one of the user's records (created, processing with stage writing/voicing/finishing, completed, failed); comment lines `: ping` every 25 s. EventSource with credentials (same origin: `new EventSource('/api/events')`).
 * - GET /api/feed (existing, dashboard): userPrayers items (UserPrayer) now also have `stage` (writing|voicing|finishing|null).
 * - PrayerRecord {id, status, stage, title, text, audioUrl, duration, preference, experience, description, length, slug, image, error, createdAt, updatedAt}.
 */
import { z } from 'zod';
import { MAX_GOALS, MAX_GOAL_LENGTH } from './goals';
import { hasControlCharacters } from './text';
import type { PersonalizedJourney } from './personalized';

/** Quiz step 1 (spec section 9). */
export const EXPERIENCES = ['bible_meditation', 'prayer'] as const;
export type Experience = (typeof EXPERIENCES)[number];

/** Quiz step 3: the focus of the prayer, sent as `topic` and stored as the record's preference. */
export const FOCUSES = ['faith', 'healing', 'guidance', 'peace', 'relationships'] as const;
export type Focus = (typeof FOCUSES)[number];

/**
 * The default preference (spec section 9): a general prayer, sent when the prayer is created straight from the
 * description on quiz step 2, without choosing a focus on step 3.
 */
export const DEFAULT_TOPIC = 'standard';
/** Every topic the API accepts: the default and the five focuses of quiz step 3 (which shows only FOCUSES). */
export const TOPICS = [DEFAULT_TOPIC, ...FOCUSES] as const;
export type Topic = (typeof TOPICS)[number];

/** Prayer length is fixed at 3 (minutes spoken). */
export const PRAYER_LENGTH = 3;
export const MAX_DESCRIPTION_LENGTH = 1000;
export const QUIZ_STEPS = 3;

export const RECORD_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** What the worker is doing while a record is processing (beyond the spec: shown on the generating card). */
export const GENERATION_STAGES = ['writing', 'voicing', 'finishing'] as const;
export type GenerationStage = (typeof GENERATION_STAGES)[number];

/**
 * What a failed prayer or personalized journey stores as its `error`: a code for people's messages (the web
 * translates it), never the internal error, which goes to the server's log only. Defined in a zod-free module.
 */
export { GENERATION_ERRORS, generationErrorOf, type GenerationError } from './generation-errors';

/** POST /api/create-affirmation */
export const createAffirmationSchema = z
  .object({
    /** Made by the client (crypto.randomUUID()): sending the same id twice creates one record. */
    recordId: z.uuid().optional(),
    length: z.literal(PRAYER_LENGTH).default(PRAYER_LENGTH),
    topic: z.enum(TOPICS),
    experience: z.enum(EXPERIENCES),
    /** Free text of quiz step 2; may be empty when the user chose from the options instead. */
    description: z
      .string()
      .trim()
      .max(MAX_DESCRIPTION_LENGTH)
      .refine((text) => !hasControlCharacters(text), 'control characters are not allowed')
      .default(''),
    userGoals: z
      .array(
        z
          .string()
          .trim()
          .max(MAX_GOAL_LENGTH)
          .refine((goal) => !hasControlCharacters(goal), 'control characters are not allowed'),
      )
      .max(MAX_GOALS)
      .default([]),
  })
  .strict();
export type CreateAffirmation = z.input<typeof createAffirmationSchema>;

/** A user's prayer record as the API returns it. */
export const recordSchema = z.object({
  id: z.string(),
  status: z.enum(RECORD_STATUSES),
  /** Set while processing. */
  stage: z.enum(GENERATION_STAGES).nullable(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  audioUrl: z.string().nullable(),
  /**
   * While it is being voiced, once its first seconds are out (issue 23): its audio so far, an HLS playlist that
   * grows until the prayer is complete. Null otherwise: a completed prayer plays from audioUrl.
   */
  streamUrl: z.string().nullable(),
  duration: z.number().nullable(),
  preference: z.string(),
  experience: z.string(),
  description: z.string(),
  length: z.number(),
  slug: z.string().nullable(),
  image: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PrayerRecord = z.infer<typeof recordSchema>;

/** GET /api/records?cursor=&limit= — the library, newest first. */
export const RECORDS_PAGE_SIZE = 20;
export const recordsQuerySchema = z
  .object({
    /** The nextCursor of the previous page. */
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(RECORDS_PAGE_SIZE),
  })
  .strict();
export const recordsPageSchema = z.object({
  items: z.array(recordSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type RecordsPage = z.infer<typeof recordsPageSchema>;

/** GET /api/user/generation-stats (spec: totalCount and monthlyCount; plan and limit added for the quiz gate). */
export const generationStatsSchema = z.object({
  totalCount: z.number(),
  /** Keyed by year-month with an unpadded month, e.g. 2025-3. */
  monthlyCount: z.record(z.string(), z.number()),
  plan: z.string(),
  /** This plan's monthly limit (1000 for Unlimited Prayer, shown as unbounded). */
  monthlyLimit: z.number(),
  /** The key of the current month, so clients do not depend on their own clock. */
  currentMonth: z.string(),
});
export type GenerationStats = z.infer<typeof generationStatsSchema>;

/** True when another prayer may be generated this month. */
export function hasQuotaLeft(stats: Pick<GenerationStats, 'monthlyCount' | 'monthlyLimit' | 'currentMonth'>): boolean {
  return (stats.monthlyCount[stats.currentMonth] ?? 0) < stats.monthlyLimit;
}

/** GET /api/search?q=&lng= */
export const MAX_SEARCH_QUERY_LENGTH = 100;
export const SEARCH_RESULTS_LIMIT = 50;
export const searchQuerySchema = z
  .object({
    q: z.string().max(MAX_SEARCH_QUERY_LENGTH).default(''),
    lng: z.string().max(20).optional(),
  })
  .strict();
export const searchResultSchema = z.object({
  id: z.string(),
  /** A user's own prayer, or a default prayer or affirmation. */
  isDefault: z.boolean(),
  title: z.string(),
  text: z.string(),
  audioUrl: z.string(),
  duration: z.number(),
  preference: z.string(),
  slug: z.string().nullable(),
  createdAt: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResponseSchema = z.object({ query: z.string(), results: z.array(searchResultSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** Events on GET /api/events (Server-Sent Events), one JSON object per `data:` line. */
export type LiveEvent = { type: 'record'; record: PrayerRecord } | { type: 'personalized-journey'; journey: PersonalizedJourney };
