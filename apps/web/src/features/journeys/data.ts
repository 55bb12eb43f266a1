// The journeys feature's data entry (queries and cache updates, no screens): what the dashboard's Spiritual
// Journeys cards use.
export { allJourneyProgressQueryOptions, applyJourneyProgress, journeysQueryOptions, postJourneyProgress } from './api/journeys';
