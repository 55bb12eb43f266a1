/**
 * The label of a daily prayer card (spec section 9): Today or Yesterday relative to the viewer's local
 * date, otherwise the weekday and the date in the viewer's language.
 */
export type DateLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string };

const localIso = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** `isoDate` is a calendar date (YYYY-MM-DD) with no time zone. */
export function dailyDateLabel(isoDate: string, now: Date, locale: string): DateLabel {
  if (isoDate === localIso(now)) return { kind: 'today' };
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (isoDate === localIso(yesterday)) return { kind: 'yesterday' };
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const text = new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
  return { kind: 'date', text };
}

export type PartOfDay = 'morning' | 'afternoon' | 'evening';

/** Which greeting the dashboard opens with at a local hour (0-23): night prayer before dawn is still evening. */
export function partOfDay(hour: number): PartOfDay {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}
