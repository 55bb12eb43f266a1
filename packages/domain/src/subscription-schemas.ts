/** The subscription endpoints' bodies and answers (spec sections 3 and 7), and RevenueCat's webhook body. */
import { z } from 'zod';
import { subscriptionSchema } from './profile';

/** GET /api/subscription: the plan in force, its period, a pending change, and this month's usage. */
export const subscriptionViewSchema = subscriptionSchema.extend({
  /** Bought in a store (the App Store): changed or cancelled there, not here. */
  storeManaged: z.boolean(),
  usage: z.object({
    /** The year-month key of the current month (spec: unpadded, like 2025-3). */
    month: z.string(),
    count: z.number().int().nonnegative(),
    /** The monthly limit of the plan in force now. */
    limit: z.number().int().positive(),
    /** Unlimited Prayer: checked against its limit, shown unbounded. */
    unlimited: z.boolean(),
  }),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

const optionalText = z.string().max(1000).nullish();
/** Milliseconds since 1970, before the year 3000 (a month after any of them is still a date the database stores). */
export const MAX_EVENT_MS = Date.UTC(3000, 0, 1) - 1;
const optionalMs = z.number().int().nonnegative().max(MAX_EVENT_MS).nullish();
const idList = z.array(z.string().max(1000)).max(100).nullish();

/**
 * One RevenueCat webhook event (api_version 1.0). Only the fields we read are checked; the rest is kept as sent.
 * https://www.revenuecat.com/docs/integrations/webhooks/event-types-and-fields
 */
export const revenueCatEventSchema = z.looseObject({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  app_user_id: optionalText,
  original_app_user_id: optionalText,
  aliases: idList,
  product_id: optionalText,
  new_product_id: optionalText,
  entitlement_ids: idList,
  event_timestamp_ms: optionalMs,
  purchased_at_ms: optionalMs,
  expiration_at_ms: optionalMs,
  store: optionalText,
  environment: optionalText,
  price: z.number().nullish(),
  currency: optionalText,
  cancel_reason: optionalText,
  transferred_from: idList,
  transferred_to: idList,
});
export type RevenueCatEvent = z.infer<typeof revenueCatEventSchema>;

export const revenueCatWebhookSchema = z.looseObject({
  api_version: z.string().max(20).optional(),
  event: revenueCatEventSchema,
});
export type RevenueCatWebhook = z.infer<typeof revenueCatWebhookSchema>;

/** What the webhook did with an event (stored with it in webhook_events). */
export const WEBHOOK_OUTCOMES = ['applied', 'duplicate', 'stale', 'unknown_user', 'unknown_product', 'ignored'] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];
