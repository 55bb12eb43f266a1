/**
 * RevenueCat, the purchase service of the iOS app (spec section 7, In-app purchases): what each webhook event
 * does to a person's subscription, and what its REST API's subscriber means. Pure functions; the service
 * stores their results.
 *
 * Events: https://www.revenuecat.com/docs/integrations/webhooks/event-types-and-fields
 * Subscribers: https://www.revenuecat.com/docs/api-v1#tag/customers (GET /v1/subscribers/{app_user_id})
 */
import { z } from 'zod';
import { PLAN_PRICE_USD, type Plan } from '@selah/domain/plans';
import type { RevenueCatEvent, WebhookOutcome } from '@selah/domain/subscription-schemas';
import {
  ENTITLEMENT_ID,
  FREE_SUBSCRIPTION,
  oneMonthAfter,
  planChangeType,
  planOfProduct,
  subscriptionAt,
  type PendingChange,
  type SubscriptionState,
} from '@selah/domain/subscriptions';

/** A subscription as stored: the rules' state and where it came from. */
export interface StoredSubscription extends SubscriptionState {
  platform: string | null;
  price: number | null;
  lastSyncedAt: string | null;
  /** When the latest applied store news happened (event_timestamp_ms, or a sync's time). */
  eventAt: string | null;
}

export type EventDecision =
  { outcome: 'applied'; next: StoredSubscription } | { outcome: Exclude<WebhookOutcome, 'applied' | 'duplicate'>; reason: string };

/** RevenueCat's store names, as the subscription's platform. */
export function platformOfStore(store: string | null | undefined): string {
  switch ((store ?? '').toUpperCase()) {
    case 'APP_STORE':
    case 'MAC_APP_STORE':
      return 'ios';
    case 'PLAY_STORE':
      return 'android';
    case '':
      return 'ios';
    default:
      return store!.toLowerCase().slice(0, 40);
  }
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** How far ahead of our clock an event's time stamp may be (RevenueCat's clock and ours differ a little). */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * When an event happened, for ordering: its own stamp (event_timestamp_ms), believed up to CLOCK_SKEW_MS ahead of
 * our clock. A stamp further ahead is no clock's drift and is not believed: the event counts from its receipt
 * (`untrusted`), so it can never make a genuine event after it look stale.
 */
export function eventTime(event: Pick<RevenueCatEvent, 'event_timestamp_ms'>, now: Date): { ms: number; untrusted: boolean } {
  const stamp = event.event_timestamp_ms;
  if (stamp === null || stamp === undefined) return { ms: now.getTime(), untrusted: false };
  if (stamp > now.getTime() + CLOCK_SKEW_MS) return { ms: now.getTime(), untrusted: true };
  return { ms: stamp, untrusted: false };
}

/** The events that start or continue a paid period of the event's product. */
const PERIOD_EVENTS = new Set(['INITIAL_PURCHASE', 'RENEWAL', 'UNCANCELLATION', 'NON_RENEWING_PURCHASE', 'SUBSCRIPTION_EXTENDED']);

/**
 * What one webhook event does to `current` at `now`. Events older than the news the subscription already
 * reflects (eventAt) are stale and change nothing, so a late delivery never rolls a plan back. TRANSFER names
 * several people and is the service's (it re-reads them); TEST and BILLING_ISSUE change no plan.
 */
export function decideEvent(current: StoredSubscription, event: RevenueCatEvent, now: Date): EventDecision {
  const eventMs = eventTime(event, now).ms;
  if (current.eventAt !== null && eventMs < Date.parse(current.eventAt)) {
    return { outcome: 'stale', reason: `older than the news already applied (${current.eventAt})` };
  }
  const inForce = { ...current, ...subscriptionAt(current, now) };
  const stamp = { lastSyncedAt: now.toISOString(), eventAt: iso(eventMs) };
  const platform = platformOfStore(event.store);

  if (PERIOD_EVENTS.has(event.type)) {
    const plan = planOfProduct(event.product_id);
    if (!plan) return { outcome: 'unknown_product', reason: `product ${String(event.product_id)} is not one of our plans` };
    const purchasedMs = event.purchased_at_ms ?? eventMs;
    const expiresAt = event.expiration_at_ms ? iso(event.expiration_at_ms) : oneMonthAfter(new Date(purchasedMs)).toISOString();
    // A downgrade chosen earlier still waits for this period's end; a cancellation is taken back by the renewal.
    const pending = inForce.pendingChange;
    const keep =
      pending !== null && pending.type === 'downgrade' && pending.fromPlan === plan && event.type !== 'UNCANCELLATION'
        ? { ...pending, effectiveDate: expiresAt }
        : null;
    return {
      outcome: 'applied',
      next: {
        plan,
        purchasedAt: iso(purchasedMs),
        expiresAt,
        productId: event.product_id ?? null,
        pendingChange: keep,
        platform,
        price: event.price ?? PLAN_PRICE_USD[plan],
        ...stamp,
      },
    };
  }

  switch (event.type) {
    case 'PRODUCT_CHANGE': {
      const toPlan = planOfProduct(event.new_product_id);
      if (!toPlan) return { outcome: 'unknown_product', reason: `product ${String(event.new_product_id)} is not one of our plans` };
      const type = planChangeType(inForce.plan, toPlan);
      if (type === null) return { outcome: 'applied', next: { ...inForce, pendingChange: null, ...stamp } };
      if (type === 'upgrade') {
        // An upgrade is in force at once (the store prorates the rest of the period).
        const expiresMs = event.expiration_at_ms && event.expiration_at_ms > now.getTime() ? event.expiration_at_ms : null;
        return {
          outcome: 'applied',
          next: {
            plan: toPlan,
            purchasedAt: iso(eventMs),
            expiresAt: expiresMs ? iso(expiresMs) : oneMonthAfter(now).toISOString(),
            productId: event.new_product_id ?? null,
            pendingChange: null,
            platform,
            price: PLAN_PRICE_USD[toPlan],
            ...stamp,
          },
        };
      }
      const effectiveDate = inForce.expiresAt ?? (event.expiration_at_ms ? iso(event.expiration_at_ms) : now.toISOString());
      const pendingChange: PendingChange = { fromPlan: inForce.plan, toPlan, effectiveDate, type, productId: event.new_product_id ?? null };
      return { outcome: 'applied', next: { ...inForce, pendingChange, ...stamp } };
    }
    case 'CANCELLATION':
    case 'SUBSCRIPTION_PAUSED': {
      if (inForce.plan === 'Free') return { outcome: 'ignored', reason: 'no paid plan in force' };
      const endsMs = event.expiration_at_ms ?? (inForce.expiresAt ? Date.parse(inForce.expiresAt) : eventMs);
      // A refund ends the plan at once (its expiration is the refund's time); otherwise it runs to the period's end.
      if (endsMs <= Math.max(eventMs, now.getTime())) return { outcome: 'applied', next: freeFrom(inForce, stamp) };
      const pendingChange: PendingChange = {
        fromPlan: inForce.plan,
        toPlan: 'Free',
        effectiveDate: iso(endsMs),
        type: 'cancellation',
        productId: null,
      };
      return { outcome: 'applied', next: { ...inForce, expiresAt: iso(endsMs), pendingChange, ...stamp } };
    }
    case 'EXPIRATION': {
      const plan = planOfProduct(event.product_id);
      // The end of a product replaced by an upgrade is not the end of the plan in force.
      if (plan !== null && plan !== inForce.plan && inForce.plan !== 'Free') {
        return { outcome: 'ignored', reason: `the expired ${plan} is no longer the plan in force` };
      }
      return { outcome: 'applied', next: freeFrom(inForce, stamp) };
    }
    case 'BILLING_ISSUE':
      return { outcome: 'ignored', reason: 'the store retries the charge; the plan stays until it expires' };
    case 'TEST':
      return { outcome: 'ignored', reason: 'a test event from the RevenueCat dashboard' };
    default:
      return { outcome: 'ignored', reason: `event type ${event.type} changes no plan` };
  }
}

function freeFrom(current: StoredSubscription, stamp: Pick<StoredSubscription, 'lastSyncedAt' | 'eventAt'>): StoredSubscription {
  return { ...FREE_SUBSCRIPTION, platform: current.platform, price: 0, ...stamp };
}

// ---- the REST API: GET /v1/subscribers/{app_user_id} ----

const dateText = z.string().max(100).nullish();
const subscriberSchema = z.looseObject({
  subscriber: z.looseObject({
    entitlements: z
      .record(
        z.string(),
        z.looseObject({ expires_date: dateText, purchase_date: dateText, product_identifier: z.string().max(1000).nullish() }),
      )
      .default({}),
    subscriptions: z
      .record(
        z.string(),
        z.looseObject({
          expires_date: dateText,
          purchase_date: dateText,
          store: z.string().max(100).nullish(),
          unsubscribe_detected_at: dateText,
          refunded_at: dateText,
        }),
      )
      .default({}),
  }),
});
export type RevenueCatSubscriber = z.infer<typeof subscriberSchema>;

export class StoreError extends Error {}

/** RevenueCat names a product we do not sell: nothing is changed, and the operator is told in the log. */
export class UnknownProductError extends Error {}

/** The plan RevenueCat says a person has: the entitlement pro_access's product, while it has not expired. */
export function stateOfSubscriber(body: RevenueCatSubscriber, current: StoredSubscription, now: Date): StoredSubscription {
  const stamp = { lastSyncedAt: now.toISOString(), eventAt: now.toISOString() };
  const entitlement = body.subscriber.entitlements[ENTITLEMENT_ID];
  const parse = (text: string | null | undefined): number | null => {
    const ms = text ? Date.parse(text) : NaN;
    return Number.isFinite(ms) ? ms : null;
  };
  const expiresMs = parse(entitlement?.expires_date);
  const active = entitlement !== undefined && (entitlement.expires_date == null || (expiresMs !== null && expiresMs > now.getTime()));
  const plan: Plan | null = active ? planOfProduct(entitlement.product_identifier) : null;
  if (active && !plan) {
    // A product we do not sell unlocks pro_access: keep what we know rather than take a paying person's plan away.
    throw new UnknownProductError(`pro_access is unlocked by ${String(entitlement.product_identifier)}, which is not one of our plans`);
  }
  if (!plan) {
    // Nothing active in the store: a store's plan has ended; a plan granted on this server is not the store's to end.
    const inForce = { ...current, ...subscriptionAt(current, now) };
    if (inForce.plan !== 'Free' && (inForce.platform === 'grant' || inForce.platform === 'web')) return { ...inForce, ...stamp };
    return { ...FREE_SUBSCRIPTION, platform: current.platform, price: 0, ...stamp };
  }
  const productId = entitlement!.product_identifier!;
  const subscription = body.subscriber.subscriptions[productId];
  const purchasedMs = parse(entitlement!.purchase_date) ?? parse(subscription?.purchase_date) ?? now.getTime();
  const expiresAt = expiresMs !== null ? iso(expiresMs) : null;
  let pendingChange: PendingChange | null = null;
  if (subscription?.unsubscribe_detected_at && expiresAt) {
    pendingChange = { fromPlan: plan, toPlan: 'Free', effectiveDate: expiresAt, type: 'cancellation', productId: null };
  } else if (current.pendingChange?.type === 'downgrade' && current.pendingChange.fromPlan === plan && expiresAt) {
    // The REST API does not say which product renews next; a downgrade the webhook told us of stays.
    pendingChange = { ...current.pendingChange, effectiveDate: expiresAt };
  }
  return {
    plan,
    purchasedAt: iso(purchasedMs),
    expiresAt,
    productId,
    pendingChange,
    platform: platformOfStore(subscription?.store),
    price: PLAN_PRICE_USD[plan],
    ...stamp,
  };
}

export interface RevenueCatClient {
  subscriber(appUserId: string): Promise<RevenueCatSubscriber>;
}

/** RevenueCat's REST API with the secret key (never sent to the app). */
export function revenueCatClient(options: { apiUrl: string; secretKey: string; timeoutMs?: number }): RevenueCatClient {
  return {
    async subscriber(appUserId) {
      let response: Response;
      try {
        response = await fetch(`${options.apiUrl}/v1/subscribers/${encodeURIComponent(appUserId)}`, {
          headers: { authorization: `Bearer ${options.secretKey}`, accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new StoreError(`RevenueCat did not answer: ${error instanceof Error ? error.message : String(error)}`);
      }
      const text = await response.text().catch(() => '');
      if (!response.ok) throw new StoreError(`RevenueCat answered ${response.status}: ${text.slice(0, 200)}`);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new StoreError('RevenueCat answered something other than JSON');
      }
      const parsed = subscriberSchema.safeParse(json);
      if (!parsed.success) throw new StoreError(`RevenueCat's subscriber could not be read: ${parsed.error.issues[0]?.message ?? ''}`);
      return parsed.data;
    },
  };
}
