import { z } from 'zod';
import { pushDeviceSchema, pushSubscriptionBodySchema } from '../push';
import { defineEndpoints } from './endpoint';
import { errorResponses } from './errors';

/** Push notifications: the server's VAPID key, and this person's devices. */
export const pushEndpoints = defineEndpoints({
  'GET /api/push/public-key': {
    tag: 'push',
    summary: 'The VAPID public key a browser subscribes with (PushManager.subscribe applicationServerKey)',
    responses: { 200: z.object({ publicKey: z.string() }) },
  },
  'GET /api/push/subscriptions': {
    tag: 'push',
    summary: 'The signed-in person’s devices that receive notifications',
    responses: { 200: z.object({ devices: z.array(pushDeviceSchema) }), ...errorResponses(401) },
  },
  'POST /api/push/subscriptions': {
    tag: 'push',
    summary: 'Stores this device’s Web Push subscription or native FCM token (only while notifications are on)',
    body: pushSubscriptionBodySchema,
    responses: { 201: pushDeviceSchema, ...errorResponses(400, 401, 409, 413, 415, 429) },
  },
  'DELETE /api/push/subscriptions/:id': {
    tag: 'push',
    summary: 'Stops notifications to one of the person’s devices',
    params: z.object({ id: z.uuid() }),
    responses: { 200: z.object({ deleted: z.literal(true) }), ...errorResponses(400, 401, 404) },
  },
});
