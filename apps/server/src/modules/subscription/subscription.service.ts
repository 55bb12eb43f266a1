import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES } from '@selah/domain/error-codes';
import { isUnlimitedPlan, monthKey, MONTHLY_GENERATION_LIMIT, PLAN_PRICE_USD, type Plan } from '@selah/domain/plans';
import type { RevenueCatWebhook, SubscriptionView, WebhookOutcome } from '@selah/domain/subscription-schemas';
import { FREE_SUBSCRIPTION, choosePlan, isStoreManaged, oneMonthAfter, subscriptionAt } from '@selah/domain/subscriptions';
import type { Clock } from '../../platform/clock';
import { HttpError } from '../../platform/errors';
import {
  decideEvent,
  eventTime,
  stateOfSubscriber,
  StoreError,
  UnknownProductError,
  type RevenueCatClient,
  type StoredSubscription,
} from './revenuecat';
import type { SubscriptionQueries } from './subscription.queries';

export { storedSubscriptionOf } from './stored-subscription';

export interface SubscriptionDeps {
  queries: SubscriptionQueries;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** RevenueCat's REST API, when REVENUECAT_SECRET_KEY is set. */
  revenueCat: RevenueCatClient | null;
  /** The Authorization header RevenueCat's webhook sends (REVENUECAT_WEBHOOK_AUTH), when set. */
  webhookAuth: string | undefined;
  /** Prayers generated this calendar month (the records module counts them). */
  usedThisMonth: (userId: string) => Promise<number>;
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/** Compares in constant time: equal-length digests, whatever the lengths of the texts. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  return typeof given === 'string' && timingSafeEqual(digest(given), digest(expected));
}

const noSuchPerson = () => new HttpError(404, ERROR_CODES.notFound, 'Profile not found');

/**
 * Plans over time (spec sections 3, 6, 7): the plan in force for each request, Free chosen on the web, the app's
 * sync after a purchase, RevenueCat's webhook, and grants for self-hosters. A due pending change or expiry is
 * computed on read (decision 019): nothing has to run at the moment a period ends.
 */
export function subscriptionService(deps: SubscriptionDeps) {
  const { queries, clock, logger, revenueCat } = deps;

  async function stored(userId: string): Promise<StoredSubscription> {
    const subscription = await queries.find(userId);
    if (!subscription) throw noSuchPerson();
    return subscription;
  }

  async function toView(userId: string, subscription: StoredSubscription): Promise<SubscriptionView> {
    const now = clock.now();
    const inForce = subscriptionAt(subscription, now);
    const plan = inForce.plan;
    return {
      ...inForce,
      platform: subscription.platform,
      price: plan === 'Free' ? 0 : (subscription.price ?? PLAN_PRICE_USD[plan]),
      lastSyncedAt: subscription.lastSyncedAt,
      storeManaged: plan !== 'Free' && isStoreManaged(subscription.platform),
      usage: {
        month: monthKey(now),
        count: await deps.usedThisMonth(userId),
        limit: MONTHLY_GENERATION_LIMIT[plan],
        unlimited: isUnlimitedPlan(plan),
      },
    };
  }

  /** Asks RevenueCat and writes what it says (older webhook news never overwrites it: eventAt is now). */
  async function syncFromStore(userId: string): Promise<StoredSubscription> {
    if (!revenueCat) {
      throw new HttpError(409, ERROR_CODES.purchasesUnavailable, 'Purchases are not set up on this server.');
    }
    let subscriber;
    try {
      subscriber = await revenueCat.subscriber(userId);
    } catch (error) {
      if (!(error instanceof StoreError)) throw error;
      logger.warn({ err: error, userId }, 'RevenueCat sync failed');
      throw new HttpError(502, ERROR_CODES.storeUnreachable, 'The purchase service could not be reached. Please try again.');
    }
    const changed = await queries.change(userId, (current) => {
      try {
        return stateOfSubscriber(subscriber, current, clock.now());
      } catch (error) {
        if (!(error instanceof UnknownProductError)) throw error;
        logger.warn({ err: error, userId }, 'RevenueCat sync: unknown product, nothing changed');
        return null;
      }
    });
    if (!changed) throw noSuchPerson();
    return changed.after;
  }

  async function applyEvent(body: RevenueCatWebhook): Promise<{ outcome: WebhookOutcome; transferredTo: string[] }> {
    const { event } = body;
    const now = clock.now();
    const candidates = [event.app_user_id, event.original_app_user_id, ...(event.aliases ?? [])].filter(
      (id): id is string => typeof id === 'string',
    );
    let transferredTo: string[] = [];
    if (eventTime(event, now).untrusted) {
      logger.warn(
        { eventId: event.id, type: event.type, stampedAt: event.event_timestamp_ms, receivedAt: now.toISOString() },
        'RevenueCat event stamped in the future beyond clock drift: ordered by its receipt',
      );
    }
    const outcome = await queries.receiveOnce(
      { id: event.id, eventType: event.type, appUserId: event.app_user_id ?? null, payload: body as Record<string, unknown> },
      async (tx) => {
        if (event.type === 'TRANSFER') {
          // The purchases moved from one app user to another: the first loses a store's plan, the second is re-read.
          const from = await tx.knownUsers(event.transferred_from ?? []);
          transferredTo = await tx.knownUsers(event.transferred_to ?? []);
          if (from.length === 0 && transferredTo.length === 0) return 'unknown_user';
          for (const userId of from) {
            await tx.change(userId, (current) => {
              const inForce = { ...current, ...subscriptionAt(current, now) };
              if (!isStoreManaged(current.platform) || inForce.plan === 'Free') return null;
              const eventAt = new Date(eventTime(event, now).ms).toISOString();
              return { ...FREE_SUBSCRIPTION, platform: current.platform, price: 0, lastSyncedAt: now.toISOString(), eventAt };
            });
          }
          return 'applied';
        }
        const [userId] = await tx.knownUsers(candidates);
        if (!userId) return event.type === 'TEST' ? 'ignored' : 'unknown_user';
        let outcome: WebhookOutcome = 'ignored';
        await tx.change(userId, (current) => {
          const decision = decideEvent(current, event, now);
          outcome = decision.outcome;
          if (decision.outcome === 'applied') return decision.next;
          logger.info(
            { eventId: event.id, type: event.type, userId, outcome: decision.outcome, reason: decision.reason },
            'RevenueCat event not applied',
          );
          return null;
        });
        return outcome;
      },
    );
    return { outcome, transferredTo };
  }

  return {
    /** The plan in force now for this person (Free for someone we do not know). */
    async planOf(userId: string): Promise<Plan> {
      const subscription = await queries.find(userId);
      return subscription ? subscriptionAt(subscription, clock.now()).plan : 'Free';
    },

    async view(userId: string): Promise<SubscriptionView> {
      return toView(userId, await stored(userId));
    },

    /**
     * Free pressed outside the iOS app: a granted plan ends at the end of its period (a pending cancellation); a
     * store's plan is the store's to cancel, so nothing changes and the person is told where to do it.
     */
    async chooseFree(userId: string): Promise<SubscriptionView> {
      const current = await stored(userId);
      const inForce = subscriptionAt(current, clock.now());
      if (inForce.plan !== 'Free' && isStoreManaged(current.platform)) {
        throw new HttpError(
          409,
          ERROR_CODES.storeManaged,
          'Your plan was bought in the App Store. To cancel it, open Settings on your iPhone, tap your name, then Subscriptions. Your plan stays until the end of the period you paid for.',
        );
      }
      const changed = await queries.change(userId, (latest) => {
        const next = choosePlan(latest, 'Free', clock.now());
        const platform = next.plan === 'Free' && next.pendingChange === null ? 'web' : latest.platform;
        return { ...latest, ...next, platform, price: next.plan === 'Free' ? 0 : latest.price };
      });
      if (!changed) throw noSuchPerson();
      return toView(userId, changed.after);
    },

    /** After a purchase or restore in the app: what RevenueCat says, never what the app claims. */
    async sync(userId: string): Promise<SubscriptionView> {
      return toView(userId, await syncFromStore(userId));
    },

    /** Whether an Authorization header is the webhook's secret (false when none is configured). */
    webhookAuthorized(header: string | undefined): boolean {
      return deps.webhookAuth !== undefined && sameSecret(header, deps.webhookAuth);
    },

    webhookConfigured: (): boolean => deps.webhookAuth !== undefined,

    /** One webhook delivery: stored and applied once by event id; the outcome is logged and answered. */
    async receiveWebhook(body: RevenueCatWebhook): Promise<WebhookOutcome> {
      const { outcome, transferredTo } = await applyEvent(body);
      const { event } = body;
      const level = outcome === 'unknown_user' || outcome === 'unknown_product' ? 'warn' : 'info';
      logger[level]({ eventId: event.id, type: event.type, appUserId: event.app_user_id, outcome }, 'RevenueCat webhook');
      for (const userId of transferredTo) {
        await syncFromStore(userId).catch((error: unknown) =>
          logger.warn({ err: error, userId }, 're-reading a transferred subscription failed'),
        );
      }
      return outcome;
    },

    // ---- self-hosters (npm run plan) ----

    /** Grants a paid plan for `months` calendar months from now (or Free at once), outside any store. */
    async grant(email: string, plan: Plan, months: number): Promise<{ userId: string; email: string; view: SubscriptionView }> {
      const person = await queries.findByEmail(email);
      if (!person) throw new HttpError(404, ERROR_CODES.notFound, `No account has the email ${email}`);
      const now = clock.now();
      let expires = now;
      for (let month = 0; month < months; month += 1) expires = oneMonthAfter(expires);
      const changed = await queries.change(person.userId, () =>
        plan === 'Free'
          ? { ...FREE_SUBSCRIPTION, platform: 'grant', price: 0, lastSyncedAt: null, eventAt: now.toISOString() }
          : {
              plan,
              purchasedAt: now.toISOString(),
              expiresAt: expires.toISOString(),
              productId: null,
              pendingChange: null,
              platform: 'grant',
              price: 0,
              lastSyncedAt: null,
              eventAt: now.toISOString(),
            },
      );
      if (!changed) throw noSuchPerson();
      return { userId: person.userId, email: person.email, view: await toView(person.userId, changed.after) };
    },

    async show(email: string): Promise<{ userId: string; email: string; view: SubscriptionView }> {
      const person = await queries.findByEmail(email);
      if (!person) throw new HttpError(404, ERROR_CODES.notFound, `No account has the email ${email}`);
      return { userId: person.userId, email: person.email, view: await toView(person.userId, person.subscription) };
    },
  };
}

export type SubscriptionService = ReturnType<typeof subscriptionService>;
