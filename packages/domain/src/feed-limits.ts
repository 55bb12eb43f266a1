/** The dashboard feed's counts, apart from its schemas (feed.ts re-exports them) so the web app reads them without zod. */
export const DAILY_PRAYER_FETCH_LIMIT = 10;
export const DAILY_PRAYERS_SHOWN = 5;
export const USER_RECORDS_LIMIT = 20;

/** How long the web's cached data stays fresh (spec section 9): daily prayers an hour, other default data 5 minutes. */
export const DAILY_PRAYERS_STALE_MS = 60 * 60 * 1000;
export const DEFAULT_DATA_STALE_MS = 5 * 60 * 1000;
