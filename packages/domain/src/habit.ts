import { z } from 'zod';
import { timeZoneSchema } from './push';

/**
 * A gentle record of the habit (issue 22): the days a person prayed, each counted once in their own time zone,
 * and a streak that a chosen rest day pauses rather than resets. Everything here works on calendar dates
 * ('YYYY-MM-DD'), never on instants, so a day is the person's day wherever their phone is.
 */

export { PRAYED_AFTER_SECONDS } from './player';

/** The local calendar date of `at` in an IANA time zone, as 'YYYY-MM-DD'. */
export function localDate(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const toUtc = (date: string): Date => new Date(`${date}T00:00:00Z`);
const fromUtc = (date: Date): string => date.toISOString().slice(0, 10);

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const moved = toUtc(date);
  moved.setUTCDate(moved.getUTCDate() + days);
  return fromUtc(moved);
}

/** 0 for Sunday to 6 for Saturday, as Date.getDay. */
export const weekdayOf = (date: string): number => toUtc(date).getUTCDay();

/** The Monday of the week `date` is in (weeks run Monday to Sunday, as in ISO 8601). */
export const weekStartOf = (date: string): string => addDays(date, -((weekdayOf(date) + 6) % 7));

export interface HabitSummary {
  /** Days prayed this week (Monday to today) and this month (the 1st to today). */
  daysThisWeek: number;
  daysThisMonth: number;
  /** Days in a row, today included once prayed (a day not yet prayed does not break it); rest days pause it. */
  streak: number;
  /** Which of this week's days were prayed, Monday first (for the week's dots). */
  week: boolean[];
}

/**
 * The summary on `today` of the prayed days (any order, duplicates fine), with the weekdays the person rests on
 * (0 Sunday .. 6 Saturday): a missed rest day neither counts nor breaks the streak.
 */
export function summarizeHabit(prayedDays: Iterable<string>, today: string, restDays: readonly number[] = []): HabitSummary {
  const prayed = new Set(prayedDays);
  const monday = weekStartOf(today);
  const monthStart = `${today.slice(0, 8)}01`;
  const counted = [...prayed].filter((day) => day <= today);
  const week = Array.from({ length: 7 }, (_, i) => prayed.has(addDays(monday, i)) && addDays(monday, i) <= today);
  let streak = 0;
  let day = prayed.has(today) ? today : addDays(today, -1);
  // At most a few years back: a long run of rest days (every day a rest day) cannot loop for ever.
  for (let guard = 0; guard < 3660; guard++) {
    if (prayed.has(day)) streak++;
    else if (!restDays.includes(weekdayOf(day))) break;
    day = addDays(day, -1);
  }
  return {
    daysThisWeek: counted.filter((date) => date >= monday).length,
    daysThisMonth: counted.filter((date) => date >= monthStart).length,
    streak,
    week,
  };
}

/** POST /api/habit/prayed: the phone's time zone now, so the day counts where the person is. */
export const prayedBodySchema = z.object({ timeZone: timeZoneSchema }).strict();
export type PrayedBody = z.infer<typeof prayedBodySchema>;

/** The record as the profile shows it; `visible` false hides it all (the numbers are then not sent). */
export const habitSchema = z.object({
  visible: z.boolean(),
  restDays: z.array(z.number().int().min(0).max(6)),
  today: z.string(),
  summary: z
    .object({
      daysThisWeek: z.number().int(),
      daysThisMonth: z.number().int(),
      streak: z.number().int(),
      week: z.array(z.boolean()).length(7),
    })
    .nullable(),
});
export type Habit = z.infer<typeof habitSchema>;

export const habitSettingsSchema = z
  .object({
    visible: z.boolean(),
    restDays: z
      .array(z.number().int().min(0).max(6))
      .max(6)
      .refine((days) => new Set(days).size === days.length, 'each weekday once'),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' });
export type HabitSettings = z.infer<typeof habitSettingsSchema>;
