/**
 * The TanStack Query keys of each resource of the API (contract/api.ts), made here only, so that a query and
 * every invalidation of it name the same key. Each `all` is the prefix of the resource's other keys:
 * invalidating it reaches them all. No zod here: the web app shell imports this module.
 */

/** GET /api/me */
export const meKeys = { all: ['me'] as const };

/** GET /api/subscription */
export const subscriptionKeys = { all: ['subscription'] as const };

/** GET /api/feed; the daily prayers are read from the feed into their own longer-lived entry. */
export const feedKeys = {
  all: ['feed'] as const,
  of: (language: string, userId: string | null) => ['feed', language, userId] as const,
  dailyPrayers: (language: string) => ['daily-prayers', language] as const,
};

/** GET /api/content/texts */
export const contentTextKeys = { of: (language: string) => ['content-texts', language] as const };

/** GET /api/records (the library's pages) */
export const recordKeys = { all: ['records'] as const };

/** GET /api/search */
export const searchKeys = { all: ['search'] as const, of: (query: string, language: string) => ['search', query, language] as const };

/** GET /api/user/generation-stats */
export const generationStatsKeys = { all: ['generation-stats'] as const };

/** GET /api/journeys and GET /api/journeys/:journeyId */
export const journeyKeys = {
  list: (language: string) => ['journeys', language] as const,
  detail: (journeyId: string, language: string) => ['journey', journeyId, language] as const,
};

/** GET /api/journey-progress and GET /api/journey-progress/:journeyId */
export const journeyProgressKeys = {
  all: ['journey-progress'] as const,
  of: (journeyId: string) => ['journey-progress', journeyId] as const,
};

/** GET /api/personalized-journeys and GET /api/personalized-journeys/:id */
export const personalizedJourneyKeys = {
  all: ['personalized-journeys'] as const,
  details: ['personalized-journey'] as const,
  detail: (journeyId: string) => ['personalized-journey', journeyId] as const,
  /** GET /api/personalized-journeys/allowance: what the person may start now. */
  allowance: ['personalized-journeys', 'allowance'] as const,
};

/** GET /api/habit (the habit record, in the phone's time zone) */
export const habitKeys = { all: ['habit'] as const };

/** GET /api/exports/latest (the person's data export) */
export const exportKeys = { latest: ['exports', 'latest'] as const };
