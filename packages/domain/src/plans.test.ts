import { describe, expect, it } from 'vitest';
import { MONTHLY_GENERATION_LIMIT, isPlan, isUnlimitedPlan, monthKey } from './plans';

describe('plans', () => {
  it('has the monthly limits of the spec', () => {
    expect(MONTHLY_GENERATION_LIMIT).toEqual({ Free: 5, 'Faithful Plan': 30, 'Unlimited Prayer': 1000 });
    expect(isUnlimitedPlan('Unlimited Prayer')).toBe(true);
    expect(isUnlimitedPlan('Faithful Plan')).toBe(false);
  });
  it('keys months without padding', () => {
    expect(monthKey(new Date(Date.UTC(2025, 2, 15)))).toBe('2025-3');
    expect(monthKey(new Date(Date.UTC(2025, 11, 1)))).toBe('2025-12');
  });
  it('recognises plan names', () => {
    expect(isPlan('Faithful Plan')).toBe(true);
    expect(isPlan('Gold')).toBe(false);
  });
});
