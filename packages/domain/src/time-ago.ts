/**
 * How long ago something happened, for the library (spec section 9, time-ago): just now under 60 s, then
 * minutes, hours, days (under 30), months (under 12), years. Only the unit and the count: the words, with the
 * plural forms each language needs, come from the web's translations.
 */
export type TimeAgo = { unit: 'now' } | { unit: 'minute' | 'hour' | 'day' | 'month' | 'year'; count: number };

const SECOND_MS = 1000;
/** A month counts as 30 days and a year as 365 (a label, not a calendar). */
const DAYS_PER_MONTH = 30;
const DAYS_PER_YEAR = 365;

/**
 * The time from `then` (a Date or an ISO string) to `now`, in the largest unit that fits, counted down to
 * whole units. A time in the future (another device's clock running ahead) or an unreadable one is just now.
 */
export function timeAgo(then: Date | string, now: Date): TimeAgo {
  const at = typeof then === 'string' ? Date.parse(then) : then.getTime();
  const seconds = Math.floor((now.getTime() - at) / SECOND_MS);
  if (!(seconds >= 60)) return { unit: 'now' };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { unit: 'minute', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hour', count: hours };
  const days = Math.floor(hours / 24);
  if (days < DAYS_PER_MONTH) return { unit: 'day', count: days };
  const months = Math.floor(days / DAYS_PER_MONTH);
  if (months < 12) return { unit: 'month', count: months };
  // 360 to 364 days are twelve "months" but not yet 365 days: a year already.
  return { unit: 'year', count: Math.max(1, Math.floor(days / DAYS_PER_YEAR)) };
}
