// The profile feature's data entry (no screens): the signed-in person's profile query, which the quiz reads for
// the goals it sends with a new prayer.
export { meQueryOptions } from './api/get-me';
