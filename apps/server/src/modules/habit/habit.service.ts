import { addDays, localDate, summarizeHabit, type Habit, type HabitSettings } from '@selah/domain/habit';
import type { Clock } from '../../platform/clock';
import { HttpError } from '../../platform/errors';
import type { HabitQueries } from './habit.queries';

/** How far back the streak is read: beyond this a streak is long enough to show as it was then. */
const STREAK_WINDOW_DAYS = 400;

/**
 * The habit record (issue 22). A day is the calendar date in the time zone the phone is in when the person
 * prays (sent with each listen, else the profile's), so crossing zones neither loses nor doubles a day.
 */
export function habitService(deps: { queries: HabitQueries; clock: Clock }) {
  const { queries, clock } = deps;

  const settingsOf = async (userId: string) => {
    const settings = await queries.settings(userId);
    // A profile is made at sign-up; a session without one is an account being deleted.
    if (!settings) throw new HttpError(404, 'NOT_FOUND', 'No such profile.');
    return settings;
  };

  const habitOf = async (userId: string, timeZone?: string): Promise<Habit> => {
    const settings = await settingsOf(userId);
    const today = localDate(clock.now(), timeZone ?? settings.timeZone);
    if (!settings.visible) return { visible: false, restDays: settings.restDays, today, summary: null };
    const days = await queries.daysSince(userId, addDays(today, -STREAK_WINDOW_DAYS));
    return { visible: true, restDays: settings.restDays, today, summary: summarizeHabit(days, today, settings.restDays) };
  };

  return {
    habit: habitOf,

    async prayed(userId: string, timeZone: string): Promise<Habit> {
      await settingsOf(userId);
      await queries.markPrayed(userId, localDate(clock.now(), timeZone), timeZone);
      return habitOf(userId, timeZone);
    },

    async update(userId: string, change: HabitSettings, timeZone?: string): Promise<Habit> {
      await settingsOf(userId);
      await queries.updateSettings(userId, {
        ...(change.visible !== undefined ? { habitVisible: change.visible } : {}),
        ...(change.restDays !== undefined ? { restDays: [...change.restDays].sort((a, b) => a - b) } : {}),
      });
      return habitOf(userId, timeZone);
    },
  };
}
export type HabitService = ReturnType<typeof habitService>;
