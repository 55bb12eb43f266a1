import webpush from 'web-push';
import type { PushPayload } from '@selah/domain/push';
import type { PushConfig } from '../../platform/config';

/** A VAPID JWT lives 12 hours (at most 24 by RFC 8292) and is reused for its first hour. */
const VAPID_JWT_SECONDS = 12 * 3600;
const VAPID_REUSE_MS = 3600_000;

/** What a push service said of one message. */
export type SendResult = 'sent' | 'gone' | 'failed';

export interface SendOptions {
  /** How long the push service keeps the message for an offline device. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer message with the same topic replaces one still waiting on the push service. */
  topic?: string;
}

export interface WebDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291): the web-push library encrypts and
 * signs each message, fetch posts it.
 */
export function createWebPushSender(vapid: PushConfig['vapid'], timeoutMs = 10_000, now: () => number = Date.now) {
  /**
   * The VAPID header of each push service (its origin is the JWT's audience), signed once and reused for an hour
   * of its twelve: signing is a third of a message's CPU otherwise (docs/BENCHMARKS.md, push).
   */
  const signed = new Map<string, { authorization: string; renewAt: number }>();
  const authorizationFor = (endpoint: string): string => {
    const audience = new URL(endpoint).origin;
    const cached = signed.get(audience);
    if (cached && cached.renewAt > now()) return cached.authorization;
    const expiration = Math.floor(now() / 1000) + VAPID_JWT_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', expiration);
    signed.set(audience, { authorization: Authorization, renewAt: now() + VAPID_REUSE_MS });
    return Authorization;
  };
  return {
    async send(
      device: WebDevice,
      payload: PushPayload,
      options: SendOptions,
    ): Promise<{ result: SendResult; status?: number; error?: string }> {
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        request = webpush.generateRequestDetails(device, JSON.stringify(payload), {
          headers: { Authorization: authorizationFor(device.endpoint) },
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          ...(options.topic ? { topic: options.topic } : {}),
          contentEncoding: 'aes128gcm',
        });
      } catch (error) {
        // Keys the library cannot use: this subscription can never receive anything.
        return { result: 'gone', error: error instanceof Error ? error.message : String(error) };
      }
      try {
        // fetch keeps connections to each push service open between messages; redirects are not followed (the
        // endpoint was checked, where it would lead was not).
        const response = await fetch(request.endpoint, {
          method: 'POST',
          headers: request.headers as Record<string, string>,
          body: request.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.status >= 200 && response.status < 300) return { result: 'sent', status: response.status };
        // 404 and 410: the subscription expired or was withdrawn; it will never work again.
        if (response.status === 404 || response.status === 410) return { result: 'gone', status: response.status };
        return { result: 'failed', status: response.status, error: `push service answered ${response.status}` };
      } catch (error) {
        return { result: 'failed', error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

export type WebPushSender = ReturnType<typeof createWebPushSender>;
