/**
 * Buying and restoring a plan (spec sections 3 and 7): the store's sheet, then the server's sync, which decides
 * the plan in force; analytics begin_checkout when a purchase starts and purchase after it succeeded.
 */
import type { AnalyticsEvent } from '@selah/domain/analytics';
import { PLAN_PRICE_USD } from '@selah/domain/plans';
import type { SubscriptionView } from '@selah/domain/subscription-schemas';
import type { PaidPlan, PurchasePlatform } from '../../platform/purchases';

export interface CheckoutDeps {
  purchases: PurchasePlatform;
  userId: string;
  /** POST /api/subscription/sync */
  sync: () => Promise<SubscriptionView>;
  track: (event: AnalyticsEvent) => void;
}

/** How a purchase is told apart in analytics: the App Store in the iOS app, the web elsewhere. */
const methodOf = (purchases: PurchasePlatform) => (purchases.kind === 'ios' ? 'app_store' : 'web');

/** Buys `plan`; the synced subscription, or null when the person closed the store's sheet. */
export async function checkout(plan: PaidPlan, deps: CheckoutDeps): Promise<SubscriptionView | null> {
  const { purchases } = deps;
  const price = PLAN_PRICE_USD[plan];
  const method = methodOf(purchases);
  // Outside the iOS app configure refuses (mobile only): no checkout began.
  await purchases.configure(deps.userId);
  deps.track({ name: 'begin_checkout', params: { item_name: plan, price, method } });
  const outcome = await purchases.purchase(plan);
  if (!outcome) return null;
  const synced = await deps.sync();
  // The spec's currency is fixed (USD) and so is the value: the plan's price list.
  deps.track({ name: 'purchase', params: { currency: 'USD', value: price, items: [{ item_name: plan, price }], method } });
  return synced;
}

/** Restores the store's purchases of this Apple ID to this person, then asks the server what is now true. */
export async function restorePurchases(deps: Omit<CheckoutDeps, 'track'>): Promise<SubscriptionView> {
  await deps.purchases.configure(deps.userId);
  await deps.purchases.restore();
  return deps.sync();
}
