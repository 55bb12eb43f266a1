import { describe, expect, it } from 'vitest';
import { dailyDateLabel, partOfDay } from './dates';

describe('dailyDateLabel', () => {
  const now = new Date(2025, 2, 12, 9, 30); // Wednesday 12 March 2025, local time

  it('says today and yesterday relative to the local date', () => {
    expect(dailyDateLabel('2025-03-12', now, 'en')).toEqual({ kind: 'today' });
    expect(dailyDateLabel('2025-03-11', now, 'es')).toEqual({ kind: 'yesterday' });
  });

  it('crosses month and year boundaries for yesterday', () => {
    expect(dailyDateLabel('2025-02-28', new Date(2025, 2, 1, 0, 5), 'en')).toEqual({ kind: 'yesterday' });
    expect(dailyDateLabel('2024-12-31', new Date(2025, 0, 1, 23, 59), 'en')).toEqual({ kind: 'yesterday' });
  });

  it('otherwise gives the weekday and the date in the language', () => {
    expect(dailyDateLabel('2025-03-10', now, 'en')).toEqual({ kind: 'date', text: 'Monday, March 10' });
    expect(dailyDateLabel('2025-03-10', now, 'es')).toEqual({ kind: 'date', text: 'lunes, 10 de marzo' });
    expect(dailyDateLabel('2025-03-10', now, 'pl')).toEqual({ kind: 'date', text: 'poniedziałek, 10 marca' });
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
