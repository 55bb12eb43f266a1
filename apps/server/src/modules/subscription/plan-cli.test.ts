import { describe, expect, it } from 'vitest';
import { describePlan, parsePlanCommand, parsePlanName } from './plan-cli';

describe('npm run plan', () => {
  it.each([
    ['Faithful Plan', 'Faithful Plan'],
    ['faithful', 'Faithful Plan'],
    ['UNLIMITED PRAYER', 'Unlimited Prayer'],
    ['unlimited', 'Unlimited Prayer'],
    ['free', 'Free'],
    ['gold', null],
    ['', null],
  ] as const)('reads the plan name %j as %s', (text, plan) => {
    expect(parsePlanName(text)).toBe(plan);
  });

  it('parses grant and show', () => {
    expect(parsePlanCommand(['grant', 'anna@example.com', 'Faithful', 'Plan'], undefined)).toEqual({
      command: 'grant',
      email: 'anna@example.com',
      plan: 'Faithful Plan',
      months: 1,
    });
    expect(parsePlanCommand(['grant', 'anna@example.com', 'Unlimited Prayer'], '12')).toMatchObject({ months: 12 });
    expect(parsePlanCommand(['show', 'anna@example.com'], undefined)).toEqual({ command: 'show', email: 'anna@example.com' });
  });

  it.each([
    [[], undefined],
    [['revoke', 'anna@example.com'], undefined],
    [['grant'], undefined],
    [['grant', 'not-an-email', 'Free'], undefined],
    [['grant', 'anna@example.com'], undefined],
    [['grant', 'anna@example.com', 'Gold'], undefined],
    [['grant', 'anna@example.com', 'Free'], '0'],
    [['grant', 'anna@example.com', 'Free'], '1.5'],
    [['grant', 'anna@example.com', 'Free'], '121'],
    [['grant', 'anna@example.com', 'Free'], 'many'],
    [['show', 'anna@example.com', 'extra'], undefined],
    [['show', 'anna@example.com'], '2'],
  ] as const)('refuses %j (--months %s) with a message', (positionals, months) => {
    const parsed = parsePlanCommand([...positionals], months);
    expect(parsed).toHaveProperty('error');
    expect((parsed as { error: string }).error.length).toBeGreaterThan(5);
  });

  it('prints the plan, its end, the month’s usage and a pending change', () => {
    const text = describePlan('anna@example.com', {
      plan: 'Faithful Plan',
      purchasedAt: '2026-11-25T10:00:00.000Z',
      expiresAt: '2026-12-25T10:00:00.000Z',
      platform: 'grant',
      price: 0,
      productId: null,
      lastSyncedAt: null,
      storeManaged: false,
      pendingChange: {
        fromPlan: 'Faithful Plan',
        toPlan: 'Free',
        effectiveDate: '2026-12-25T10:00:00.000Z',
        type: 'cancellation',
        productId: null,
      },
      usage: { month: '2026-11', count: 3, limit: 30, unlimited: false },
    });
    expect(text).toBe(
      [
        'anna@example.com: Faithful Plan (grant) until 2026-12-25 10:00 UTC',
        'This month (2026-11): 3 of 30 prayers',
        'Pending: cancellation to Free on 2026-12-25 10:00 UTC',
      ].join('\n'),
    );
  });
});
