import { describe, expect, it } from 'vitest';
import { lastMonths, monthDate } from './months';

describe('lastMonths', () => {
  it('ends with the current month and crosses the year boundary, oldest first', () => {
    expect(lastMonths('2026-2', 4).map((slot) => slot.key)).toEqual(['2025-11', '2025-12', '2026-1', '2026-2']);
  });

  it('gives twelve months that match the unpadded keys of monthlyCount', () => {
    const slots = lastMonths('2025-12', 12);
    expect(slots).toHaveLength(12);
    expect(slots[0]).toEqual({ key: '2025-1', year: 2025, month: 1 });
    expect(slots[11]).toEqual({ key: '2025-12', year: 2025, month: 12 });
  });

  it('falls back to the month of `now` when the key cannot be read', () => {
    expect(lastMonths('soon', 2, new Date('2026-03-15T12:00:00Z')).map((slot) => slot.key)).toEqual(['2026-2', '2026-3']);
    expect(lastMonths('2026-13', 1, new Date('2026-03-15T12:00:00Z'))[0]?.key).toBe('2026-3');
  });
});

describe('monthDate', () => {
  it('is the first of the month in UTC', () => {
    expect(monthDate({ key: '2026-3', year: 2026, month: 3 }).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
