import type { ContentQueries } from './content.queries';

/** On start the last 10 days are (re)published, so the dashboard always has today's prayer. */
export const DAILY_BACKFILL_DAYS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

/** Which cycle entry a date gets: consecutive days walk through the cycle, wrapping around. */
export function cycleIndexFor(date: string, cycleLength: number): number {
  const days = Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
  return ((days % cycleLength) + cycleLength) % cycleLength;
}

/** Publishes the daily prayer of `today` and the days before it (UTC dates). Returns how many were written. */
export async function publishDailyPrayers(queries: ContentQueries, today: Date, days: number): Promise<number> {
  const cycle = await queries.allCycles();
  if (cycle.length === 0) return 0;
  for (let back = 0; back < days; back++) {
    const date = isoDate(new Date(today.getTime() - back * DAY_MS));
    const entry = cycle[cycleIndexFor(date, cycle.length)]!;
    await queries.publishDailyPrayer(date, entry.slug, entry.translations);
  }
  return days;
}
