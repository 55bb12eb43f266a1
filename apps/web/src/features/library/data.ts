// The library's data entry (no screens): what a changed record does to the cached queries, for live events
// (app/live-events.tsx, loaded with the app shell).
export { applyRecordChange, parseRecordEvent } from './api/record-events';
