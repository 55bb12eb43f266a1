import { describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent } from '@selah/domain/analytics';
import type { SubscriptionView } from '@selah/domain/subscription-schemas';
import { NoPackageError, type PurchasePlatform } from '../../platform/purchases';
import { webPurchases } from '../../platform/web-purchases';
import { checkout, restorePurchases } from './checkout';

const synced = { plan: 'Unlimited Prayer' } as SubscriptionView;

function fakeStore(result: 'bought' | 'cancelled' | 'no-package') {
  const calls: string[] = [];
  const purchases: PurchasePlatform = {
    kind: 'ios',
    configure: async (userId) => void calls.push(`configure ${userId}`),
    purchase: async (plan) => {
      calls.push(`purchase ${plan}`);
      if (result === 'no-package') throw new NoPackageError('no package');
      return result === 'bought' ? { plan, productId: 'unlimitedprayer', price: 29.99, currency: 'USD' } : null;
    },
    restore: async () => void calls.push('restore'),
  };
  const sync = vi.fn(async () => {
    calls.push('sync');
    return synced;
  });
  const events: AnalyticsEvent[] = [];
  return { calls, deps: { purchases, userId: 'user-1', sync, track: (event: AnalyticsEvent) => void events.push(event) }, events };
}

describe('checkout', () => {
  it('configures with our user id, buys, then syncs; begin_checkout before and purchase after', async () => {
    const { calls, deps, events } = fakeStore('bought');
    expect(await checkout('Unlimited Prayer', deps)).toBe(synced);
    expect(calls).toEqual(['configure user-1', 'purchase Unlimited Prayer', 'sync']);
    expect(events).toEqual([
      { name: 'begin_checkout', params: { item_name: 'Unlimited Prayer', price: 29.99, method: 'app_store' } },
      {
        name: 'purchase',
        params: { currency: 'USD', value: 29.99, items: [{ item_name: 'Unlimited Prayer', price: 29.99 }], method: 'app_store' },
      },
    ]);
  });

  it('a closed store sheet syncs nothing and records no purchase', async () => {
    const { calls, deps, events } = fakeStore('cancelled');
    expect(await checkout('Faithful Plan', deps)).toBeNull();
    expect(calls).toEqual(['configure user-1', 'purchase Faithful Plan']);
    expect(events.map((event) => event.name)).toEqual(['begin_checkout']);
  });

  it('no package for the plan is an error, and nothing is synced', async () => {
    const { calls, deps } = fakeStore('no-package');
    await expect(checkout('Faithful Plan', deps)).rejects.toBeInstanceOf(NoPackageError);
    expect(calls).not.toContain('sync');
  });

  it('on the web the purchase is refused as mobile-only', async () => {
    const { deps, events } = fakeStore('bought');
    await expect(checkout('Faithful Plan', { ...deps, purchases: webPurchases })).rejects.toThrow(
      'Subscriptions are only available in the mobile app',
    );
    expect(deps.sync).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });

  it('restores, then syncs', async () => {
    const { calls, deps } = fakeStore('bought');
    expect(await restorePurchases(deps)).toBe(synced);
    expect(calls).toEqual(['configure user-1', 'restore', 'sync']);
  });
});
