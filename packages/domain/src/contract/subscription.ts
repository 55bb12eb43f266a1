import { z } from 'zod';
import { revenueCatWebhookSchema, subscriptionViewSchema, WEBHOOK_OUTCOMES } from '../subscription-schemas';
import { defineEndpoints } from './endpoint';
import { errorResponses } from './errors';

/** Plans: what is in force, choosing Free, the app's sync after a purchase, and the store's webhook. */
export const subscriptionEndpoints = defineEndpoints({
  'GET /api/subscription': {
    tag: 'subscription',
    summary: 'The plan in force, its period, a pending change and this month’s usage against the limit',
    responses: { 200: subscriptionViewSchema, ...errorResponses(401) },
  },
  'POST /api/subscription/free': {
    tag: 'subscription',
    summary: 'Chooses Free: a paid plan ends at the end of its period (a plan bought in the App Store is cancelled there)',
    responses: { 200: subscriptionViewSchema, ...errorResponses(401, 409, 429) },
  },
  'POST /api/subscription/sync': {
    tag: 'subscription',
    summary: 'After a purchase or restore in the app: the server asks RevenueCat for the person’s entitlements',
    responses: { 200: subscriptionViewSchema, ...errorResponses(401, 409, 429, 502) },
  },
  'POST /api/webhooks/revenuecat': {
    tag: 'webhooks',
    summary: 'RevenueCat’s webhook (Authorization: the configured secret); each event applied once by id',
    body: revenueCatWebhookSchema,
    responses: {
      200: z.object({ received: z.literal(true), outcome: z.enum(WEBHOOK_OUTCOMES) }),
      ...errorResponses(400, 401, 404, 413, 415),
    },
  },
});
