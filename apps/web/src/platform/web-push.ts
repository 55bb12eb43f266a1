import type { PushPermission, PushPlatform, RegisterResult } from './push';

/** How long to wait for the offline service worker (it registers after the first screen). */
const WORKER_WAIT_MS = 10_000;

const supported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID key as PushManager.subscribe wants it (bytes from base64url). */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

const sameKey = (subscription: PushSubscription, key: Uint8Array): boolean => {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
};

/** The browser's Push API through the offline service worker (public/push-handler.js shows the messages). */
export const webPush: PushPlatform = {
  kind: 'web',

  permission(): PushPermission {
    return supported() ? Notification.permission : 'unsupported';
  },

  async checkPermission(): Promise<PushPermission> {
    return supported() ? Notification.permission : 'unsupported';
  },

  async requestPermission(): Promise<PushPermission> {
    if (!supported()) return 'unsupported';
    return Notification.permission === 'default' ? Notification.requestPermission() : Notification.permission;
  },

  async register(publicKey): Promise<RegisterResult> {
    if (!supported()) return { ok: false, reason: 'unsupported' };
    const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    if (permission !== 'granted') return { ok: false, reason: 'denied' };
    const registration = await workerRegistration();
    if (!registration) return { ok: false, reason: 'failed', message: 'the service worker is not running' };
    try {
      const key = applicationServerKey(publicKey);
      let subscription = await registration.pushManager.getSubscription();
      // Subscribed with another server key (the server's keys changed): start again.
      if (subscription && !sameKey(subscription, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      const json = subscription.toJSON();
      if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return { ok: false, reason: 'failed', message: 'no keys' };
      return { ok: true, subscription: { kind: 'web', endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } } };
    } catch (error) {
      // Chromium without a reachable push service answers AbortError "Registration failed - push service error".
      return { ok: false, reason: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
  },

  async unregister() {
    if (!supported()) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    await subscription?.unsubscribe();
  },
};
