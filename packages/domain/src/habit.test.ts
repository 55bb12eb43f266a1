import { describe, expect, it } from 'vitest';
import { addDays, localDate, summarizeHabit, weekStartOf } from './habit';

describe('the habit record', () => {
  it('takes the calendar date where the person is', () => {
    const at = new Date('2026-11-26T23:30:00Z');
    expect(localDate(at, 'UTC')).toBe('2026-11-26');
    expect(localDate(at, 'Europe/Warsaw')).toBe('2026-11-27');
    expect(localDate(at, 'America/Los_Angeles')).toBe('2026-11-26');
    expect(localDate(new Date('2026-11-27T09:00:00Z'), 'Pacific/Auckland')).toBe('2026-11-27');
  });

  it('moves by calendar days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(weekStartOf('2026-11-26')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
  });

  it('counts each day once, this week from Monday and this month from the 1st', () => {
    const days = ['2026-11-26', '2026-11-26', '2026-11-24', '2026-11-20', '2026-11-02', '2026-10-31'];
    const summary = summarizeHabit(days, '2026-11-26');
    expect(summary.daysThisWeek).toBe(2);
    expect(summary.daysThisMonth).toBe(4);
    expect(summary.week).toEqual([false, true, false, true, false, false, false]);
  });

  it('keeps the streak going while today is not prayed yet, and breaks it on a missed day', () => {
    expect(summarizeHabit(['2026-11-25', '2026-11-24'], '2026-11-26').streak).toBe(2);
    expect(summarizeHabit(['2026-11-26', '2026-11-25', '2026-11-23'], '2026-11-26').streak).toBe(2);
    expect(summarizeHabit([], '2026-11-26').streak).toBe(0);
  });

  it('pauses the streak on a missed rest day rather than resetting it', () => {
    // Sunday 2026-11-22 missed: a rest day pauses; without it, the streak starts again on Monday.
    const days = ['2026-11-26', '2026-11-25', '2026-11-24', '2026-11-23', '2026-11-21', '2026-11-20'];
    expect(summarizeHabit(days, '2026-11-26', [0]).streak).toBe(6);
    expect(summarizeHabit(days, '2026-11-26').streak).toBe(4);
    // A rest day that was prayed counts as any day.
    expect(summarizeHabit([...days, '2026-11-22'], '2026-11-26', [0]).streak).toBe(7);
    // Every day a rest day: the count is the days prayed, and it ends.
    expect(summarizeHabit(['2026-11-26'], '2026-11-26', [0, 1, 2, 3, 4, 5, 6]).streak).toBe(1);
  });
});
