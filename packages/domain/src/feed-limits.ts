/** The dashboard feed's counts, apart from its schemas (feed.ts re-exports them) so the web app reads them without zod. */
export const DAILY_PRAYER_FETCH_LIMIT = 10;
export const DAILY_PRAYERS_SHOWN = 5;
export const USER_RECORDS_LIMIT = 20;
