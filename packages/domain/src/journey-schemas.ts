/**
 * The API contract shapes of fixed journeys (zod schemas and their types). journeys.ts re-exports these with
 * the rules (journey-rules.ts, which imports only their types, so the web app's dashboard loads no zod).
 */
import { z } from 'zod';
import { LANGUAGES } from './languages';

// ---- API contract ----

export const bibleVerseSchema = z.object({ text: z.string(), reference: z.string() });
export type BibleVerse = z.infer<typeof bibleVerseSchema>;

/** A journey in one language (the requested one, else en), as listed on the dashboard. */
export const journeySummarySchema = z.object({
  id: z.string(),
  order: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  totalDays: z.number().int().nonnegative(),
  /** Minutes. */
  totalDuration: z.number().nonnegative(),
  /** The language the texts are in. */
  language: z.enum(LANGUAGES),
  image: z.string().nullable(),
});
export type JourneySummary = z.infer<typeof journeySummarySchema>;

export const journeyDaySchema = z.object({
  journeyId: z.string(),
  dayNumber: z.number().int().positive(),
  title: z.string(),
  subtitle: z.string(),
  /** Seconds; null when unknown (shown as DEFAULT_DAY_MINUTES). */
  duration: z.number().nonnegative().nullable(),
  audioUrl: z.string().nullable(),
  bibleVerse: bibleVerseSchema,
  reflection: z.string(),
  prayer: z.string(),
  language: z.enum(LANGUAGES),
});
export type JourneyDay = z.infer<typeof journeyDaySchema>;

/** A journey with its days, ordered by day number. */
export const journeyDetailSchema = journeySummarySchema.extend({ days: z.array(journeyDaySchema) });
export type JourneyDetail = z.infer<typeof journeyDetailSchema>;

/** A user's progress through one fixed journey (spec section 3); dates are ISO strings. */
export const journeyProgressSchema = z.object({
  userId: z.string(),
  journeyId: z.string(),
  language: z.enum(LANGUAGES),
  /** Sorted ascending, no duplicates. */
  completedDays: z.array(z.number().int().positive()),
  currentDay: z.number().int().positive(),
  /** 0 before any day was completed. */
  lastCompletedDay: z.number().int().nonnegative(),
  lastPlayedAt: z.string().nullable(),
  lastPlayedDay: z.number().int().positive().nullable(),
  /** Fraction 0..1 of the last played day's audio. */
  audioProgress: z.number().min(0).max(1),
  startedAt: z.string(),
  updatedAt: z.string(),
  isActive: z.boolean(),
});
export type JourneyProgress = z.infer<typeof journeyProgressSchema>;

export const progressStatsSchema = z.object({
  /** Integer 0..100; 100 only when completed. */
  completionPercentage: z.number().int().min(0).max(100),
  isCompleted: z.boolean(),
  /** The first day not completed and unlocked; null when completed. */
  nextDay: z.number().int().positive().nullable(),
  /** Whole 24-hour periods since startedAt. */
  daysSinceStart: z.number().int().nonnegative(),
  completedCount: z.number().int().nonnegative(),
  totalDays: z.number().int().nonnegative(),
  remainingDays: z.number().int().nonnegative(),
});
export type ProgressStats = z.infer<typeof progressStatsSchema>;

/** A progress record as the API returns it: keyed `${userId}_${journeyId}`, with its derived stats. */
export const progressSchema = journeyProgressSchema.extend({ id: z.string(), stats: progressStatsSchema });
export type Progress = z.infer<typeof progressSchema>;

const dayNumberSchema = z.number().int().positive();

/** Request body of a progress change (one endpoint, one action per request). */
export const progressActionSchema = z.discriminatedUnion('action', [
  /** Creates the progress (no change when it exists). language defaults to the user's language. */
  z.strictObject({ action: z.literal('start'), language: z.enum(LANGUAGES).optional() }),
  z.strictObject({ action: z.literal('complete'), day: dayNumberSchema }),
  z.strictObject({ action: z.literal('skip'), day: dayNumberSchema }),
  z.strictObject({ action: z.literal('reset') }),
  z.strictObject({ action: z.literal('deactivate') }),
  z.strictObject({ action: z.literal('reactivate') }),
  z.strictObject({ action: z.literal('playback'), day: dayNumberSchema, audioProgress: z.number().min(0).max(1) }),
]);
export type ProgressAction = z.infer<typeof progressActionSchema>;
