import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

const now = new Date('2026-03-10T12:00:00Z');
const before = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('timeAgo', () => {
  it('is just now under 60 seconds', () => {
    expect(timeAgo(now, now)).toEqual({ unit: 'now' });
    expect(timeAgo(before(59 * SECOND + 999), now)).toEqual({ unit: 'now' });
  });

  it('counts whole minutes from 60 seconds, then hours from 60 minutes', () => {
    expect(timeAgo(before(60 * SECOND), now)).toEqual({ unit: 'minute', count: 1 });
    expect(timeAgo(before(59 * MINUTE + 59 * SECOND), now)).toEqual({ unit: 'minute', count: 59 });
    expect(timeAgo(before(HOUR), now)).toEqual({ unit: 'hour', count: 1 });
    expect(timeAgo(before(23 * HOUR + 59 * MINUTE), now)).toEqual({ unit: 'hour', count: 23 });
  });

  it('counts days under 30, then months under 12, then years', () => {
    expect(timeAgo(before(DAY), now)).toEqual({ unit: 'day', count: 1 });
    expect(timeAgo(before(29 * DAY + 23 * HOUR), now)).toEqual({ unit: 'day', count: 29 });
    expect(timeAgo(before(30 * DAY), now)).toEqual({ unit: 'month', count: 1 });
    expect(timeAgo(before(59 * DAY), now)).toEqual({ unit: 'month', count: 1 });
    expect(timeAgo(before(359 * DAY), now)).toEqual({ unit: 'month', count: 11 });
    expect(timeAgo(before(360 * DAY), now)).toEqual({ unit: 'year', count: 1 });
    expect(timeAgo(before(365 * DAY), now)).toEqual({ unit: 'year', count: 1 });
    expect(timeAgo(before(3 * 365 * DAY + 10 * DAY), now)).toEqual({ unit: 'year', count: 3 });
  });

  it('reads ISO strings', () => {
    expect(timeAgo('2026-03-10T09:30:00Z', now)).toEqual({ unit: 'hour', count: 2 });
  });

  it('treats a future or unreadable time as just now', () => {
    expect(timeAgo(new Date(now.getTime() + 5 * MINUTE), now)).toEqual({ unit: 'now' });
    expect(timeAgo('not a date', now)).toEqual({ unit: 'now' });
  });
});
