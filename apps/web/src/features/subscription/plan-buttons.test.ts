import { describe, expect, it } from 'vitest';
import type { PendingChange } from '@selah/domain/subscriptions';
import { isActionable, planButton } from './plan-buttons';

const downgrade: PendingChange = {
  fromPlan: 'Unlimited Prayer',
  toPlan: 'Faithful Plan',
  effectiveDate: '2026-12-25T00:00:00.000Z',
  type: 'downgrade',
  productId: 'faithfulplan',
};
const cancellation: PendingChange = { ...downgrade, toPlan: 'Free', type: 'cancellation', productId: null };

describe('plan buttons', () => {
  it.each([
    ['Free', 'Free', null, 'current'],
    ['Faithful Plan', 'Free', null, 'subscribe'],
    ['Unlimited Prayer', 'Free', null, 'subscribe'],
    ['Unlimited Prayer', 'Faithful Plan', null, 'upgrade'],
    ['Faithful Plan', 'Unlimited Prayer', null, 'downgrade'],
    ['Free', 'Faithful Plan', null, 'chooseFree'],
    ['Faithful Plan', 'Unlimited Prayer', downgrade, 'changePending'],
    ['Unlimited Prayer', 'Unlimited Prayer', downgrade, 'current'],
    ['Free', 'Unlimited Prayer', downgrade, 'chooseFree'],
    ['Free', 'Faithful Plan', cancellation, 'freeScheduled'],
    ['Unlimited Prayer', 'Faithful Plan', cancellation, 'changePending'],
  ] as const)('%s while on %s (pending %o): %s', (plan, current, pending, expected) => {
    expect(planButton(plan, current, pending)).toBe(expected);
  });

  it('only subscribing, changing and choosing Free can be pressed', () => {
    expect(['subscribe', 'upgrade', 'downgrade', 'chooseFree'].every((button) => isActionable(button as never))).toBe(true);
    expect(['current', 'changePending', 'freeScheduled'].some((button) => isActionable(button as never))).toBe(false);
  });
});
