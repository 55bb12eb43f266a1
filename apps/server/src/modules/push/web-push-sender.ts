import webpush from 'web-push';
import type { PushPayload } from '@selah/domain/push';
import type { PushConfig } from '../../platform/config';

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
export function createWebPushSender(vapid: PushConfig['vapid'], timeoutMs = 10_000) {
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  return {
    async send(
      device: WebDevice,
      payload: PushPayload,
      options: SendOptions,
    ): Promise<{ result: SendResult; status?: number; error?: string }> {
      let request: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        request = webpush.generateRequestDetails(device, JSON.stringify(payload), {
          vapidDetails,
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
