/**
 * The fixed values of personalized journeys (journey types, statuses, limits and timings), without zod: the API
 * shapes (personalized-schemas.ts) build on them and the rules (personalized-rules.ts) re-export them.
 */
export const PERSONALIZED_TOTAL_DAYS = 7;
/** The completion modal opens at 95% of the day's audio. */
export const PERSONALIZED_COMPLETION_THRESHOLD = 0.95;
/** The loading screen shows an error after 120 s while still generating. */
export const LOADING_TIMEOUT_MS = 120_000;
/** Retry is allowed at most 3 times. */
export const MAX_RETRIES = 3;
export const MESSAGE_ROTATION_MS = 3000;
export const MESSAGE_TRANSITION_MS = 500;
/** The clock that opens days is refreshed every minute. */
export const CLOCK_REFRESH_MS = 60_000;
/** The free text the user writes ("Who do you want to pray for?"), after trimming. */
export const MAX_INPUT_LENGTH = 500;

export const JOURNEY_TYPES = ['ancestors'] as const;
export type JourneyType = (typeof JOURNEY_TYPES)[number];
export const DEFAULT_JOURNEY_TYPE: JourneyType = 'ancestors';
/** The ancestors journey card: 7 days, 15 minutes in all (spec section 3). */
export const ANCESTORS_DEFAULTS = { totalDays: 7, totalDuration: 15 } as const;
/** The fixed English day titles of the ancestors journey, day 1 to day 7 (translations live in the locales). */
export const ANCESTORS_DAY_TITLES = [
  'Remembering Ancestors',
  'Honoring Their Memory',
  'Seeking Peace',
  'Finding Comfort',
  'Celebrating Their Life',
  'Giving Thanks',
  'Moving Forward',
] as const;

export function isJourneyType(value: unknown): value is JourneyType {
  return typeof value === 'string' && (JOURNEY_TYPES as readonly string[]).includes(value);
}

// ---- statuses ----

export const PERSONALIZED_JOURNEY_STATUSES = ['generating', 'active', 'completed', 'failed'] as const;
export type PersonalizedJourneyStatus = (typeof PERSONALIZED_JOURNEY_STATUSES)[number];
export const PERSONALIZED_DAY_STATUSES = ['generated', 'available', 'completed'] as const;
export type PersonalizedDayStatus = (typeof PERSONALIZED_DAY_STATUSES)[number];
