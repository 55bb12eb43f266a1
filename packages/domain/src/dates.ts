/**
 * The label of a daily prayer card (spec section 9): Today or Yesterday relative to the viewer's local
 * date, otherwise the weekday and the date in the viewer's language. The parts of a date are returned, not a
 * text: the web composes it from its translations, because the first Intl.DateTimeFormat of a page loads the
 * locale's calendar data, 40-130 ms of the dashboard's first screen on a slow machine (decision 011).
 */
export type DateLabel =
  | { kind: 'today' }
  | { kind: 'yesterday' }
  /** weekday 0 = Sunday ... 6 = Saturday; month 0 = January ... 11 = December. */
  | { kind: 'date'; weekday: number; month: number; day: number };

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

const localIso = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** `isoDate` is a calendar date (YYYY-MM-DD) with no time zone. */
export function dailyDateLabel(isoDate: string, now: Date): DateLabel {
  if (isoDate === localIso(now)) return { kind: 'today' };
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (isoDate === localIso(yesterday)) return { kind: 'yesterday' };
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return { kind: 'date', weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(), month: month - 1, day };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl.DateTimeFormat for a locale and options, made once: each one made costs about a millisecond (the
 * first of a page tens of), which a list that formats a date per row would pay on every render.
 */
export function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

export type PartOfDay = 'morning' | 'afternoon' | 'evening';

/** Which greeting the dashboard opens with at a local hour (0-23): night prayer before dawn is still evening. */
export function partOfDay(hour: number): PartOfDay {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}
