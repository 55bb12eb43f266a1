/**
 * Push in the native shell, through Capacitor's push plugin (issue 18). Loaded only inside the app (index.ts
 * imports it, and the plugin, on demand); `plugin` is the plugin's `PushNotifications` object, or a fake in tests.
 * Only types come from the plugin here, so this file runs without Capacitor.
 */
import type { PermissionState, PluginListenerHandle } from '@capacitor/core';
import type { PermissionStatus, PushNotificationsPlugin } from '@capacitor/push-notifications';
import type { PushPermission, PushPlatform, RegisterResult } from './push';

/** The plugin's methods this file calls. */
export type NativePushPlugin = Pick<
  PushNotificationsPlugin,
  'checkPermissions' | 'requestPermissions' | 'register' | 'unregister' | 'addListener'
>;

/** How long register() waits for the plugin's 'registration' (or 'registrationError') event. */
export const REGISTRATION_TIMEOUT_MS = 15_000;

/** Spec section 9: push-tap navigation delay (public/push-handler.js waits as long on the web). */
export const PUSH_TAP_NAVIGATION_DELAY_MS = 500;

export interface NativePushPlatform extends PushPlatform {
  readonly kind: 'native';
  /**
   * Opens the page a tapped notification names (its data's `url`, only the app's own pages; /dashboard otherwise)
   * after PUSH_TAP_NAVIGATION_DELAY_MS. Call it once at start-up: the plugin keeps a tap that launched the app
   * until a listener comes. Returns a function that stops listening (and drops a navigation still waiting).
   */
  onTap(navigate: (path: string) => void): () => void;
}

/** 'prompt' and Android's 'prompt-with-rationale' both mean: not decided yet, asking will show the prompt. */
const toPermission = (state: PermissionState): PushPermission => (state === 'granted' || state === 'denied' ? state : 'default');

/** The app's own pages only (as public/push-handler.js): a message can never send the app elsewhere. */
export function tapTarget(data: unknown): string {
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  return typeof url === 'string' && /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@/%?]*$/.test(url) ? url : '/dashboard';
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function createNativePush(plugin: NativePushPlugin): NativePushPlatform {
  /** The plugin's last answer: permission() must answer at once, and the plugin answers only asynchronously. */
  let known: PushPermission = 'default';
  /** Which call's answer `known` holds: a slow, older answer never replaces a newer one. */
  let asked = 0;
  let answered = 0;

  async function learn(query: () => Promise<PermissionStatus>): Promise<PushPermission> {
    const call = (asked += 1);
    const permission = toPermission((await query()).receive);
    if (call > answered) {
      answered = call;
      known = permission;
    }
    return permission;
  }

  const check = () => learn(() => plugin.checkPermissions());

  async function ask(): Promise<PushPermission> {
    const current = await check();
    return current === 'default' ? learn(() => plugin.requestPermissions()) : current;
  }

  /**
   * Registers and waits for the token. Listeners are in place before register(), so no event is missed. Android
   * keeps an event nobody listened to and hands it to the next listener: a kept token is this device's current one
   * (FCM renewed it), but a kept error is an earlier attempt's, so errors count only once register() was called.
   */
  async function registerForToken(): Promise<RegisterResult> {
    let settle: (result: RegisterResult) => void = () => undefined;
    const outcome = new Promise<RegisterResult>((resolve) => {
      settle = resolve;
    });
    let registering = false;
    const handles: Promise<PluginListenerHandle>[] = [
      plugin.addListener('registration', ({ value }) =>
        settle(value ? { ok: true, subscription: { kind: 'fcm', token: value } } : { ok: false, reason: 'failed', message: 'empty token' }),
      ),
      plugin.addListener('registrationError', ({ error }) => {
        if (registering) settle({ ok: false, reason: 'failed', message: error });
      }),
    ];
    const timer = setTimeout(
      () => settle({ ok: false, reason: 'failed', message: `no registration within ${REGISTRATION_TIMEOUT_MS / 1000} s` }),
      REGISTRATION_TIMEOUT_MS,
    );
    try {
      await Promise.all(handles);
      registering = true;
      await plugin.register();
      return await outcome;
    } catch (error) {
      return { ok: false, reason: 'failed', message: messageOf(error) };
    } finally {
      clearTimeout(timer);
      await Promise.allSettled(handles.map(async (handle) => (await handle).remove()));
    }
  }

  // Learn the answer already given (an earlier run of the app) soon, so permission() is right before any tap.
  void check().catch(() => undefined);

  return {
    kind: 'native',

    permission: () => known,

    checkPermission: check,

    requestPermission: ask,

    // The VAPID key (the only argument) is the web's: the native push services need none.
    async register(): Promise<RegisterResult> {
      let permission: PushPermission;
      try {
        permission = await ask();
      } catch (error) {
        return { ok: false, reason: 'failed', message: messageOf(error) };
      }
      if (permission !== 'granted') return { ok: false, reason: 'denied' };
      return registerForToken();
    },

    async unregister() {
      await plugin.unregister();
    },

    onTap(navigate) {
      let stopped = false;
      const waiting = new Set<ReturnType<typeof setTimeout>>();
      const handle = plugin
        .addListener('pushNotificationActionPerformed', ({ actionId, notification }) => {
          // iOS reports a dismissed notification too (only for categories that ask for it): that is no tap.
          if (stopped || actionId === 'dismiss') return;
          const path = tapTarget(notification.data);
          const timer = setTimeout(() => {
            waiting.delete(timer);
            navigate(path);
          }, PUSH_TAP_NAVIGATION_DELAY_MS);
          waiting.add(timer);
        })
        .catch(() => null);
      return () => {
        stopped = true;
        waiting.forEach(clearTimeout);
        waiting.clear();
        void handle.then((listener) => listener?.remove()).catch(() => undefined);
      };
    },
  };
}
