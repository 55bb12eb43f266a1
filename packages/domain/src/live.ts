/**
 * The event a live stream (GET /api/events) gets just before the server closes it for a newer stream of the same
 * person (past LIVE_STREAMS_PER_PERSON): the page stops there instead of reconnecting and closing another.
 */
export const STREAM_REPLACED_EVENT = 'replaced';
