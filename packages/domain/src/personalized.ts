/**
 * Personalized 7-day journeys (journey type ancestors; spec sections 2, 3, 4 and 9): the API contract shapes,
 * when a day opens, completing a day, generation failure and retry, the card state and the plan page countdown.
 *
 * Every rule that depends on time takes `now: Date` explicitly. Dates are ISO strings. A day's availability
 * time is its `availableAt` (the spec's "availableAt or scheduledFor"); normally startedAt + (n-1) days.
 */
export * from './personalized-schemas';
export * from './personalized-rules';
