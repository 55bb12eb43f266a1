/**
 * The API contract shapes of personalized journeys (zod schemas and their types). personalized.ts re-exports
 * these with the rules (personalized-rules.ts, which imports only their types, so the web app loads no zod).
 */
import { z } from 'zod';
import { bibleVerseSchema } from './journey-schemas';
import { LANGUAGES } from './languages';
import { hasControlCharacters } from './text';
import { JOURNEY_TYPES, MAX_INPUT_LENGTH, PERSONALIZED_DAY_STATUSES, PERSONALIZED_JOURNEY_STATUSES } from './personalized-constants';

// ---- API contract ----

/** POST /api/create-personalized-journey (spec section 7). */
export const createPersonalizedJourneySchema = z
  .object({
    /** Made by the client (crypto.randomUUID()): sending the same id again (retry) does not create a second journey. */
    journeyId: z.uuid().optional(),
    journeyType: z.enum(JOURNEY_TYPES),
    /** Sent trimmed; must not be empty after trimming. */
    input: z
      .string()
      .trim()
      .min(1)
      .max(MAX_INPUT_LENGTH)
      .refine((text) => !hasControlCharacters(text), 'control characters are not allowed'),
    language: z.enum(LANGUAGES),
  })
  .strict();
export type CreatePersonalizedJourney = z.input<typeof createPersonalizedJourneySchema>;

/**
 * GET /api/personalized-journeys/allowance: what a person may start, told before they write (issue 34). No plan
 * quota: one journey is made at a time, and a generous number a day (PERSONALIZED_JOURNEYS_PER_DAY, rolling 24 h)
 * guards against abuse.
 */
export const journeyAllowanceSchema = z.object({
  perDay: z.number().int(),
  /** How many more may start now (the last 24 hours counted). */
  remainingToday: z.number().int(),
  /** A journey still being made: the next may start once it is ready. */
  generatingJourneyId: z.string().nullable(),
  /** When one more may start, when none may now for the day's cap (ISO time); null otherwise. */
  nextAt: z.string().nullable(),
});
export type JourneyAllowance = z.infer<typeof journeyAllowanceSchema>;

export const personalizedJourneySchema = z.object({
  id: z.string(),
  userId: z.string(),
  journeyType: z.enum(JOURNEY_TYPES),
  input: z.string(),
  status: z.enum(PERSONALIZED_JOURNEY_STATUSES),
  /** 1..totalDays; stays at totalDays once the journey is completed. */
  currentDay: z.number().int().positive(),
  totalDays: z.number().int().positive(),
  language: z.enum(LANGUAGES),
  /** Null until the days are scheduled. */
  startedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  /** The generation error when failed. */
  error: z.string().nullable(),
  title: z.string().nullable(),
  subtitle: z.string().nullable(),
});
export type PersonalizedJourney = z.infer<typeof personalizedJourneySchema>;

export const personalizedDaySchema = z.object({
  journeyId: z.string(),
  dayNumber: z.number().int().positive(),
  status: z.enum(PERSONALIZED_DAY_STATUSES),
  title: z.string(),
  subtitle: z.string(),
  audioUrl: z.string().nullable(),
  /** Seconds. */
  duration: z.number().nonnegative().nullable(),
  bibleVerse: bibleVerseSchema,
  reflection: z.string(),
  prayer: z.string(),
  /** When the day opens; null counts as no waiting. */
  availableAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type PersonalizedDay = z.infer<typeof personalizedDaySchema>;

/** A journey with its days, ordered by day number (plan and day pages). */
export const personalizedJourneyDetailSchema = personalizedJourneySchema.extend({
  days: z.array(personalizedDaySchema),
  /**
   * While it generates, from the first seconds of day 1's voice on (issue 23): day 1 as it is voiced, an HLS
   * playlist (EVENT) at a signed address, and the length the day is made to, so it is heard while the other days
   * are still made. Null otherwise (the days carry their finished audio).
   */
  firstDayStream: z.object({ url: z.string(), seconds: z.number().nonnegative() }).nullable(),
  /** The server's clock when it answered: countdowns run from it, not from the device's clock (which may be off). */
  serverTime: z.string(),
});
export type PersonalizedJourneyDetail = z.infer<typeof personalizedJourneyDetailSchema>;
