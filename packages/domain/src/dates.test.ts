import { describe, expect, it } from 'vitest';
import { dailyDateLabel, dateFormat, partOfDay } from './dates';

describe('dailyDateLabel', () => {
  const now = new Date(2025, 2, 12, 9, 30); // Wednesday 12 March 2025, local time

  it('says today and yesterday relative to the local date', () => {
    expect(dailyDateLabel('2025-03-12', now)).toEqual({ kind: 'today' });
    expect(dailyDateLabel('2025-03-11', now)).toEqual({ kind: 'yesterday' });
  });

  it('crosses month and year boundaries for yesterday', () => {
    expect(dailyDateLabel('2025-02-28', new Date(2025, 2, 1, 0, 5))).toEqual({ kind: 'yesterday' });
    expect(dailyDateLabel('2024-12-31', new Date(2025, 0, 1, 23, 59))).toEqual({ kind: 'yesterday' });
  });

  it('otherwise gives the weekday, the month and the day of the calendar date', () => {
    // Monday 10 March 2025, whatever the viewer's time zone.
    expect(dailyDateLabel('2025-03-10', now)).toEqual({ kind: 'date', weekday: 1, month: 2, day: 10 });
    expect(dailyDateLabel('2024-12-29', now)).toEqual({ kind: 'date', weekday: 0, month: 11, day: 29 });
  });
});

describe('partOfDay', () => {
  it('greets the morning from 5 to noon, the afternoon until 6 pm, and the evening through the night', () => {
    expect([5, 11, 12, 17, 18, 23, 0, 4].map(partOfDay)).toEqual([
      'morning',
      'morning',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
      'evening',
      'evening',
    ]);
  });
});

describe('dateFormat', () => {
  it('formats like Intl.DateTimeFormat and hands back the same formatter for the same locale and options', () => {
    const options = { dateStyle: 'medium' } as const;
    expect(dateFormat('es', options).format(new Date(Date.UTC(2025, 2, 12, 12)))).toBe(
      new Intl.DateTimeFormat('es', options).format(new Date(Date.UTC(2025, 2, 12, 12))),
    );
    expect(dateFormat('es', { dateStyle: 'medium' })).toBe(dateFormat('es', options));
    expect(dateFormat('pl', options)).not.toBe(dateFormat('es', options));
  });
});
