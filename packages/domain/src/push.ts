/**
 * Push notifications (spec sections 3, 6 and 7): a device's subscription (a browser's Web Push endpoint and keys,
 * or a native FCM token), the daily reminder's time, and what a notification carries to the service worker.
 */
import { z } from 'zod';
import { hasControlCharacters } from './text';

/** Default daily prayer reminder time, local (issue 18). */
export const DEFAULT_REMINDER_TIME = '08:00';
export const reminderTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 08:00');

/** An IANA time zone the runtime knows (Europe/Warsaw, America/New_York, UTC). */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
/**
 * The zone's canonical IANA name as the runtime resolves it (CAT -> Africa/Maputo, IST -> Asia/Calcutta,
 * US/Pacific-New -> America/Los_Angeles): the database knows these names, and reads them as the browser does.
 */
export function canonicalTimeZone(value: string): string {
  return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
}
export const timeZoneSchema = z.string().refine(isTimeZone, 'must be an IANA time zone like Europe/Warsaw').transform(canonicalTimeZone);

/** An uncompressed P-256 public key (65 bytes, first 0x04) and a 16-byte secret, in base64url (padding allowed). */
const p256dhSchema = z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, 'must be a P-256 public key in base64url');
const authSecretSchema = z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'must be a 16-byte secret in base64url');

/** POST /api/push/subscriptions: a browser's PushSubscription (its JSON), or a native app's FCM token. */
export const pushSubscriptionBodySchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('web'),
      endpoint: z
        .url({ protocol: /^https?$/ })
        .max(2048)
        .refine((value) => !/\s/.test(value) && !hasControlCharacters(value), 'control characters and spaces are not allowed'),
      keys: z.object({ p256dh: p256dhSchema, auth: authSecretSchema }).strict(),
      // PushSubscription.toJSON() has it; the server does not need it.
      expirationTime: z.number().nullable().optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('fcm'),
      token: z
        .string()
        .min(20)
        .max(4096)
        .regex(/^[A-Za-z0-9:_-]+$/, 'must be an FCM registration token'),
    })
    .strict(),
]);
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushDeviceSchema = z.object({ id: z.string(), kind: z.enum(['web', 'fcm']), createdAt: z.string() });
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/** What the service worker receives and shows (the texts already in the person's language). */
export interface PushPayload {
  title: string;
  body: string;
  /** The page a tap opens (same origin): /dashboard, or the prayer's or the journey day's page. */
  url: string;
  /** Replaces an earlier notification of the same kind on the device. */
  tag: string;
}
