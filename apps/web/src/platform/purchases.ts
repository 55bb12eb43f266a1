/**
 * Buying a plan, behind one interface (spec section 7, In-app purchases: iOS only). The iOS app sells plans
 * through the App Store with RevenueCat (native-purchases.ts); everywhere else there is nothing to buy and
 * every call raises PurchasesUnavailableError (the page shows "Subscriptions are only available in the mobile
 * app"). After a purchase or restore the caller asks the server to sync: the server, not this code, decides
 * which plan is in force.
 */
import type { Plan } from '@selah/domain/plans';

export type PaidPlan = Exclude<Plan, 'Free'>;

/** What a finished purchase bought (for analytics: purchase {currency, value, items, method}). */
export interface PurchaseOutcome {
  plan: PaidPlan;
  productId: string;
  price: number;
  currency: string;
}

export interface PurchasePlatform {
  /** ios: the App Store sells plans here; web: nothing to buy. */
  readonly kind: 'ios' | 'web';
  /** Ties the store's purchases to this person (RevenueCat's appUserID is our user id). */
  configure(userId: string): Promise<void>;
  /** Buys the plan's package; null when the person cancelled the store's sheet. */
  purchase(plan: PaidPlan): Promise<PurchaseOutcome | null>;
  /** Restores the store's purchases of this Apple ID to this person. */
  restore(): Promise<void>;
}

/** Outside the iOS app: plans are not sold here. */
export class PurchasesUnavailableError extends Error {
  constructor() {
    super('Subscriptions are only available in the mobile app');
    this.name = 'PurchasesUnavailableError';
  }
}

/** The store has no current offering, or no package for the plan (spec: raises an error). */
export class NoPackageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoPackageError';
  }
}
