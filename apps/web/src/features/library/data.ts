// The library's data entry (no screens): what a changed record does to the cached queries, for live events
// (app/live-events.tsx, loaded with the app shell).
export { applyRecordChange, parseRecordEvent } from './api/record-events';

/** Navigation state of /library: a prayer just asked for, to play as soon as it can be heard (issue 23). */
export interface LibraryState {
  listenTo?: string;
}
