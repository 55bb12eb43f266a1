/** Numbers and days as people read them, in the app's language. */

/** A file's size for people, in megabytes with one decimal in the app's language (never below 0.1 MB). */
export const formatMegabytes = (bytes: number, language: string | undefined): string =>
  new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(Math.max(bytes / 1_000_000, 0.1));

/** A weekday's name (0 is Sunday) in the app's language. */
export const formatWeekday = (weekday: number, language: string | undefined, width: 'narrow' | 'short' | 'long'): string =>
  // 2026-11-22 was a Sunday: adding the weekday's number lands on that day.
  new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 22 + weekday)));
