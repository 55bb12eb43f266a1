/**
 * Plans over time (spec section 3, Subscription): the plan order, what a change of plan does, and which plan is
 * in force at a given moment. Plain data in, plain data out; every rule that depends on time takes `now`.
 *
 * - Free < Faithful Plan < Unlimited Prayer. Moving up is an upgrade, in force at once, for one month from then.
 * - Moving down is scheduled for the end of the current period (expiresAt) as a pendingChange; its type is
 *   cancellation when the target is Free. Until then the paid plan, and its limit, stay in force.
 * - A paid plan lasts one month from purchase and renews; a paid plan past its expiresAt that was not renewed is
 *   Free.
 */
import type { Plan } from './plans';
import { MONTHLY_GENERATION_LIMIT } from './plans';

export const PLAN_ORDER: Record<Plan, number> = { Free: 0, 'Faithful Plan': 1, 'Unlimited Prayer': 2 };

export type PlanChangeType = 'upgrade' | 'downgrade' | 'cancellation';

export interface PendingChange {
  fromPlan: Plan;
  toPlan: Plan;
  /** ISO date: when the change takes effect (the end of the current period). */
  effectiveDate: string;
  type: PlanChangeType;
  productId: string | null;
}

/** The subscription fields the rules read and write (the spec's subscription entity). */
export interface SubscriptionState {
  plan: Plan;
  purchasedAt: string | null;
  expiresAt: string | null;
  productId: string | null;
  pendingChange: PendingChange | null;
}

export const FREE_SUBSCRIPTION: SubscriptionState = {
  plan: 'Free',
  purchasedAt: null,
  expiresAt: null,
  productId: null,
  pendingChange: null,
};

/** The kind of a move from one plan to another, or null when it is no move. */
export function planChangeType(from: Plan, to: Plan): PlanChangeType | null {
  if (from === to) return null;
  if (to === 'Free') return 'cancellation';
  return PLAN_ORDER[to] > PLAN_ORDER[from] ? 'upgrade' : 'downgrade';
}

/**
 * One calendar month after `from` (UTC), on the same day and time, or on the month's last day when it has fewer
 * days (31 January -> 28 or 29 February).
 */
export function oneMonthAfter(from: Date): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(from.getTime());
  result.setUTCDate(1);
  result.setUTCMonth(month);
  result.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return result;
}

const isPast = (iso: string | null, now: Date): boolean => iso !== null && Date.parse(iso) <= now.getTime();

/**
 * The subscription as it stands at `now`: a pending change whose date has come takes effect, and a paid plan
 * whose period ended without a renewal becomes Free. Returns its input when nothing is due.
 */
export function subscriptionAt(subscription: SubscriptionState, now: Date): SubscriptionState {
  let current = subscription;
  const pending = current.pendingChange;
  if (pending && isPast(pending.effectiveDate, now)) {
    current =
      pending.toPlan === 'Free'
        ? FREE_SUBSCRIPTION
        : {
            plan: pending.toPlan,
            purchasedAt: pending.effectiveDate,
            expiresAt: oneMonthAfter(new Date(pending.effectiveDate)).toISOString(),
            productId: pending.productId,
            pendingChange: null,
          };
  }
  if (current.plan !== 'Free' && isPast(current.expiresAt, now)) return FREE_SUBSCRIPTION;
  return current;
}

/** The plan in force at `now`. */
export function planAt(subscription: SubscriptionState, now: Date): Plan {
  return subscriptionAt(subscription, now).plan;
}

/** The monthly generation limit at `now`: the limit of the plan in force at that moment. */
export function monthlyLimitAt(subscription: SubscriptionState, now: Date): number {
  return MONTHLY_GENERATION_LIMIT[planAt(subscription, now)];
}

/**
 * A person chooses `toPlan` at `now`. An upgrade (or any paid plan from Free) is in force at once for a month,
 * and drops a pending change. A downgrade or a cancellation is scheduled for the end of the current period. Choosing
 * the plan in force again takes back a pending change. Returns its input when nothing changes.
 */
export function choosePlan(subscription: SubscriptionState, toPlan: Plan, now: Date, productId: string | null = null): SubscriptionState {
  const current = subscriptionAt(subscription, now);
  const type = planChangeType(current.plan, toPlan);
  if (type === null) return current.pendingChange ? { ...current, pendingChange: null } : current;
  if (type === 'upgrade') {
    return { plan: toPlan, purchasedAt: now.toISOString(), expiresAt: oneMonthAfter(now).toISOString(), productId, pendingChange: null };
  }
  const effectiveDate = current.expiresAt ?? now.toISOString();
  const pendingChange: PendingChange = { fromPlan: current.plan, toPlan, effectiveDate, type, productId };
  const same =
    current.pendingChange !== null &&
    current.pendingChange.toPlan === toPlan &&
    current.pendingChange.effectiveDate === effectiveDate &&
    current.pendingChange.productId === productId;
  return same ? current : { ...current, pendingChange };
}

/** A paid period renewed (the store charged again): the plan runs one more month from the end of the last one. */
export function renew(subscription: SubscriptionState, now: Date): SubscriptionState {
  if (subscription.plan === 'Free') return subscription;
  const { expiresAt } = subscription;
  // Renewed on time: from the end of the period; after a lapse: from now.
  const from = expiresAt !== null && Date.parse(expiresAt) > now.getTime() ? new Date(expiresAt) : now;
  return { ...subscription, expiresAt: oneMonthAfter(from).toISOString() };
}

// ---- the store's names (spec section 7, In-app purchases) ----

/** The RevenueCat entitlement every paid plan unlocks. */
export const ENTITLEMENT_ID = 'pro_access';

/** The store's product id of each paid plan. */
export const PRODUCT_IDS = { 'Faithful Plan': 'faithfulplan', 'Unlimited Prayer': 'unlimitedprayer' } as const satisfies Record<
  Exclude<Plan, 'Free'>,
  string
>;

/**
 * The plan a store product unlocks, or null for a product we do not sell. Google Play names a base plan after a
 * colon (faithfulplan:monthly), which is the same product.
 */
export function planOfProduct(productId: string | null | undefined): Exclude<Plan, 'Free'> | null {
  if (typeof productId !== 'string') return null;
  const base = productId.split(':', 1)[0]!.trim().toLowerCase();
  for (const [plan, id] of Object.entries(PRODUCT_IDS) as Array<[Exclude<Plan, 'Free'>, string]>) {
    if (base === id) return plan;
  }
  return null;
}

/**
 * Where a plan came from (the subscription's platform): a store through RevenueCat (ios, android, ...), `grant`
 * (npm run plan -- grant, for self-hosters) or `web` (Free chosen on the web). A store's plan is changed or
 * cancelled in that store only.
 */
export function isStoreManaged(platform: string | null): boolean {
  return platform !== null && platform !== 'grant' && platform !== 'web';
}
