import { monthKey } from '@selah/domain/plans';

export interface MonthSlot {
  /** Year-month key with an unpadded month, as in monthlyCount (e.g. 2026-3). */
  key: string;
  year: number;
  /** 1 to 12. */
  month: number;
}

function parseMonthKey(key: string): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{1,2})$/.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year, month } : null;
}

/**
 * The `count` months ending with `currentMonth` (the server's key, so the chart follows the server's calendar
 * rather than the device clock), oldest first. An unreadable key falls back to this month.
 */
export function lastMonths(currentMonth: string, count: number, now: Date = new Date()): MonthSlot[] {
  const end = parseMonthKey(currentMonth) ?? parseMonthKey(monthKey(now))!;
  const slots: MonthSlot[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const index = end.year * 12 + (end.month - 1) - back;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    slots.push({ key: `${year}-${month}`, year, month });
  }
  return slots;
}

/** The first day of a month at midnight UTC, for Intl.DateTimeFormat with timeZone UTC. */
export function monthDate(slot: MonthSlot): Date {
  return new Date(Date.UTC(slot.year, slot.month - 1, 1));
}
