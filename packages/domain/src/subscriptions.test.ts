import { describe, expect, it } from 'vitest';
import type { Plan } from './plans';
import {
  choosePlan,
  FREE_SUBSCRIPTION,
  isStoreManaged,
  monthlyLimitAt,
  oneMonthAfter,
  planAt,
  planChangeType,
  planOfProduct,
  renew,
  subscriptionAt,
  type SubscriptionState,
} from './subscriptions';

const at = (iso: string) => new Date(iso);
const faithful = (purchasedAt: string, expiresAt: string): SubscriptionState => ({
  plan: 'Faithful Plan',
  purchasedAt,
  expiresAt,
  productId: 'faithfulplan',
  pendingChange: null,
});

describe('the plan order', () => {
  it.each<[Plan, Plan, ReturnType<typeof planChangeType>]>([
    ['Free', 'Faithful Plan', 'upgrade'],
    ['Free', 'Unlimited Prayer', 'upgrade'],
    ['Faithful Plan', 'Unlimited Prayer', 'upgrade'],
    ['Unlimited Prayer', 'Faithful Plan', 'downgrade'],
    ['Unlimited Prayer', 'Free', 'cancellation'],
    ['Faithful Plan', 'Free', 'cancellation'],
    ['Faithful Plan', 'Faithful Plan', null],
    ['Free', 'Free', null],
  ])('%s -> %s is %s', (from, to, type) => {
    expect(planChangeType(from, to)).toBe(type);
  });
});

describe('one month after a purchase', () => {
  it.each([
    ['2026-01-15T10:00:00.000Z', '2026-02-15T10:00:00.000Z'],
    ['2026-01-31T10:00:00.000Z', '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00.000Z', '2028-02-29T10:00:00.000Z'],
    ['2026-03-31T23:59:00.000Z', '2026-04-30T23:59:00.000Z'],
    ['2026-12-20T08:00:00.000Z', '2027-01-20T08:00:00.000Z'],
  ])('%s -> %s', (from, to) => {
    expect(oneMonthAfter(at(from)).toISOString()).toBe(to);
  });
});

describe('choosing a plan', () => {
  const now = at('2026-11-25T12:00:00.000Z');

  it('puts an upgrade in force at once, for a month, with its product', () => {
    expect(choosePlan(FREE_SUBSCRIPTION, 'Faithful Plan', now, 'faithfulplan')).toEqual({
      plan: 'Faithful Plan',
      purchasedAt: '2026-11-25T12:00:00.000Z',
      expiresAt: '2026-12-25T12:00:00.000Z',
      productId: 'faithfulplan',
      pendingChange: null,
    });
    const upgraded = choosePlan(
      faithful('2026-11-10T00:00:00.000Z', '2026-12-10T00:00:00.000Z'),
      'Unlimited Prayer',
      now,
      'unlimitedprayer',
    );
    expect(upgraded).toMatchObject({ plan: 'Unlimited Prayer', expiresAt: '2026-12-25T12:00:00.000Z', pendingChange: null });
  });

  it('schedules a downgrade for the end of the period, keeping the paid plan until then', () => {
    const unlimited: SubscriptionState = { ...faithful('2026-11-10T00:00:00.000Z', '2026-12-10T00:00:00.000Z'), plan: 'Unlimited Prayer' };
    const next = choosePlan(unlimited, 'Faithful Plan', now, 'faithfulplan');
    expect(next.plan).toBe('Unlimited Prayer');
    expect(next.pendingChange).toEqual({
      fromPlan: 'Unlimited Prayer',
      toPlan: 'Faithful Plan',
      effectiveDate: '2026-12-10T00:00:00.000Z',
      type: 'downgrade',
      productId: 'faithfulplan',
    });
  });

  it('makes the move to Free a cancellation at the end of the period', () => {
    const next = choosePlan(faithful('2026-11-10T00:00:00.000Z', '2026-12-10T00:00:00.000Z'), 'Free', now);
    expect(next.pendingChange).toMatchObject({ toPlan: 'Free', type: 'cancellation', effectiveDate: '2026-12-10T00:00:00.000Z' });
    expect(next.plan).toBe('Faithful Plan');
  });

  it('takes back a pending change when the plan in force is chosen again, and changes nothing otherwise', () => {
    const subscription = faithful('2026-11-10T00:00:00.000Z', '2026-12-10T00:00:00.000Z');
    const cancelled = choosePlan(subscription, 'Free', now);
    expect(choosePlan(cancelled, 'Faithful Plan', now)).toEqual(subscription);
    expect(choosePlan(subscription, 'Faithful Plan', now)).toBe(subscription);
    expect(choosePlan(cancelled, 'Free', now)).toBe(cancelled);
  });

  it('lets an upgrade replace a scheduled downgrade', () => {
    const cancelled = choosePlan(faithful('2026-11-10T00:00:00.000Z', '2026-12-10T00:00:00.000Z'), 'Free', now);
    expect(choosePlan(cancelled, 'Unlimited Prayer', now)).toMatchObject({ plan: 'Unlimited Prayer', pendingChange: null });
  });
});

describe('the plan in force', () => {
  const cancelled = choosePlan(faithful('2026-11-10T00:00:00.000Z', '2026-12-10T00:00:00.000Z'), 'Free', at('2026-11-25T12:00:00.000Z'));
  const downgraded = choosePlan(
    { ...faithful('2026-11-10T00:00:00.000Z', '2026-12-10T00:00:00.000Z'), plan: 'Unlimited Prayer' },
    'Faithful Plan',
    at('2026-11-25T12:00:00.000Z'),
    'faithfulplan',
  );

  it.each<[string, SubscriptionState, string, Plan, number]>([
    [
      'a paid plan within its month',
      faithful('2026-11-10T00:00:00.000Z', '2026-12-10T00:00:00.000Z'),
      '2026-12-09T23:59:59.000Z',
      'Faithful Plan',
      30,
    ],
    [
      'a paid plan past its month, not renewed',
      faithful('2026-11-10T00:00:00.000Z', '2026-12-10T00:00:00.000Z'),
      '2026-12-10T00:00:00.000Z',
      'Free',
      5,
    ],
    ['a cancellation before its date', cancelled, '2026-12-09T00:00:00.000Z', 'Faithful Plan', 30],
    ['a cancellation on its date', cancelled, '2026-12-10T00:00:00.000Z', 'Free', 5],
    ['a downgrade before its date (the paid limit stays)', downgraded, '2026-12-01T00:00:00.000Z', 'Unlimited Prayer', 1000],
    ['a downgrade once due', downgraded, '2026-12-10T00:00:01.000Z', 'Faithful Plan', 30],
    ['a downgrade whose new month ended too', downgraded, '2027-01-10T00:00:00.000Z', 'Free', 5],
    ['Free', FREE_SUBSCRIPTION, '2026-12-10T00:00:00.000Z', 'Free', 5],
  ])('%s', (_name, subscription, now, plan, limit) => {
    expect(planAt(subscription, at(now))).toBe(plan);
    expect(monthlyLimitAt(subscription, at(now))).toBe(limit);
  });

  it('starts the new plan’s month on the date the downgrade takes effect', () => {
    expect(subscriptionAt(downgraded, at('2026-12-11T00:00:00.000Z'))).toEqual({
      plan: 'Faithful Plan',
      purchasedAt: '2026-12-10T00:00:00.000Z',
      expiresAt: '2027-01-10T00:00:00.000Z',
      productId: 'faithfulplan',
      pendingChange: null,
    });
  });

  it('returns the same subscription when nothing is due', () => {
    const subscription = faithful('2026-11-10T00:00:00.000Z', '2026-12-10T00:00:00.000Z');
    expect(subscriptionAt(subscription, at('2026-11-20T00:00:00.000Z'))).toBe(subscription);
  });
});

describe('renewal', () => {
  it('runs the plan one more month from the end of the period, or from now after a lapse', () => {
    const subscription = faithful('2026-11-10T00:00:00.000Z', '2026-12-10T00:00:00.000Z');
    expect(renew(subscription, at('2026-12-09T00:00:00.000Z')).expiresAt).toBe('2027-01-10T00:00:00.000Z');
    expect(renew(subscription, at('2026-12-20T00:00:00.000Z')).expiresAt).toBe('2027-01-20T00:00:00.000Z');
    expect(renew(FREE_SUBSCRIPTION, at('2026-12-20T00:00:00.000Z'))).toBe(FREE_SUBSCRIPTION);
  });
});

describe('store products', () => {
  it.each([
    ['faithfulplan', 'Faithful Plan'],
    ['unlimitedprayer', 'Unlimited Prayer'],
    ['faithfulplan:monthly', 'Faithful Plan'],
    ['UnlimitedPrayer', 'Unlimited Prayer'],
    ['goldplan', null],
    ['', null],
    [null, null],
  ] as const)('%s unlocks %s', (productId, plan) => {
    expect(planOfProduct(productId)).toBe(plan);
  });

  it('a store manages its own plans; a grant or the web does not', () => {
    expect(isStoreManaged('ios')).toBe(true);
    expect(isStoreManaged('android')).toBe(true);
    expect(isStoreManaged('grant')).toBe(false);
    expect(isStoreManaged('web')).toBe(false);
    expect(isStoreManaged(null)).toBe(false);
  });
});
