// The personalized feature's data entry (queries and cache updates, no screens): the list query the dashboard
// prefetches, and what a changed journey does to the caches (app/live-events.tsx). Loaded with the app shell,
// so it takes none of the feature's screens; the dashboard's section is in index.ts.
export { applyPersonalizedJourneyChange, personalizedJourneysQueryOptions } from './api/personalized';
export { parsePersonalizedJourneyEvent, PERSONALIZED_JOURNEY_EVENT } from './api/personalized-events';
