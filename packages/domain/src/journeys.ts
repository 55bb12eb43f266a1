/**
 * Fixed multi-day journeys (spec sections 2, 3, 4 and 9): the API contract shapes, a user's progress and its
 * transitions, the derived stats, day unlocking and the dashboard card states.
 *
 * Every rule that depends on time takes `now: Date` explicitly: the server passes its one settable clock,
 * the web app its own clock. Transitions never mutate their input. A transition that would change no field
 * returns its input as is (same object, updatedAt untouched), so repeating a request changes nothing;
 * any real change sets updatedAt to `now`.
 */
export * from './journey-schemas';
export * from './journey-rules';
