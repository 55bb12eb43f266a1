import type { PermissionState, PluginListenerHandle } from '@capacitor/core';
import type { ActionPerformed, RegistrationError, Token } from '@capacitor/push-notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNativePush, type NativePushPlugin, PUSH_TAP_NAVIGATION_DELAY_MS, REGISTRATION_TIMEOUT_MS, tapTarget } from './native-push';

// The loader tests below get this plugin from the dynamic import; everything else gets a fake handed in.
const loaded = vi.hoisted(() => ({
  PushNotifications: {
    checkPermissions: () => Promise.resolve({ receive: 'prompt' as const }),
    requestPermissions: () => Promise.resolve({ receive: 'granted' as const }),
    register: () => Promise.resolve(),
    unregister: () => Promise.resolve(),
    addListener: () => Promise.resolve({ remove: () => Promise.resolve() }),
  },
}));
vi.mock('@capacitor/push-notifications', () => loaded);

type Plugin = NativePushPlugin;
type Listener = (event: never) => void;
interface Events {
  registration: Token;
  registrationError: RegistrationError;
  pushNotificationActionPerformed: ActionPerformed;
}

const VAPID_KEY = 'BPublicVapidKeyTheNativeShellIgnores';
const TOKEN = 'fcm-token:APA91bH_example-token_0123456789';

interface Options {
  /** What checkPermissions answers (until requestPermissions answers something else). */
  permission?: PermissionState;
  /** What requestPermissions answers when the person is asked. */
  answer?: PermissionState;
  /** What the plugin reports after register(): a token, an error, or nothing at all. */
  registers?: { token: string } | { error: string } | 'silently';
}

/** The plugin as its interface describes it: async permission answers, and events through addListener. */
function fakePlugin({ permission = 'granted', answer = 'granted', registers = { token: TOKEN } }: Options = {}) {
  const listeners = new Map<string, Set<Listener>>();
  /** Events nobody listened to, handed to the next listener (Android's retainUntilConsumed). */
  const kept = new Map<string, unknown[]>();
  let current = permission;

  function emit<E extends keyof Events>(eventName: E, event: Events[E]): void {
    for (const listener of listeners.get(eventName) ?? []) (listener as (event: Events[E]) => void)(event);
  }

  function keep<E extends keyof Events>(eventName: E, event: Events[E]): void {
    kept.set(eventName, [...(kept.get(eventName) ?? []), event]);
  }

  const plugin = {
    checkPermissions: vi.fn<Plugin['checkPermissions']>(() => Promise.resolve({ receive: current })),
    requestPermissions: vi.fn<Plugin['requestPermissions']>(() => {
      current = answer;
      return Promise.resolve({ receive: current });
    }),
    register: vi.fn<Plugin['register']>(() => {
      // The native side answers later, through an event.
      if (registers !== 'silently') {
        queueMicrotask(() =>
          'token' in registers ? emit('registration', { value: registers.token }) : emit('registrationError', { error: registers.error }),
        );
      }
      return Promise.resolve();
    }),
    unregister: vi.fn<Plugin['unregister']>(() => Promise.resolve()),
    addListener: vi.fn((eventName: string, listener: Listener): Promise<PluginListenerHandle> => {
      const set = listeners.get(eventName) ?? new Set();
      listeners.set(eventName, set.add(listener));
      const waiting = kept.get(eventName) ?? [];
      kept.delete(eventName);
      queueMicrotask(() => waiting.forEach((event) => (listener as (event: unknown) => void)(event)));
      return Promise.resolve({
        remove: () => {
          set.delete(listener);
          return Promise.resolve();
        },
      });
    }),
  } satisfies Plugin;

  /** The events someone listens to now. */
  const listening = () => [...listeners].filter(([, set]) => set.size > 0).map(([eventName]) => eventName);

  return { plugin, emit, keep, listening };
}

const tap = (data: unknown, actionId = 'tap'): ActionPerformed => ({ actionId, notification: { id: 'n-1', data } });

afterEach(() => {
  vi.useRealTimers();
});

describe('the native push permission', () => {
  it('answers default until the plugin has answered, then what it said', async () => {
    const { plugin } = fakePlugin({ permission: 'denied' });
    const push = createNativePush(plugin);
    expect(push.kind).toBe('native');
    expect(push.permission()).toBe('default');
    await vi.waitFor(() => expect(push.permission()).toBe('denied'));
    expect(plugin.requestPermissions).not.toHaveBeenCalled();
  });

  it('passes granted and denied through without asking', async () => {
    for (const permission of ['granted', 'denied'] as const) {
      const { plugin } = fakePlugin({ permission });
      const push = createNativePush(plugin);
      await expect(push.requestPermission()).resolves.toBe(permission);
      expect(push.permission()).toBe(permission);
      expect(plugin.requestPermissions).not.toHaveBeenCalled();
    }
  });

  it('asks when the person has not decided yet (prompt, or prompt-with-rationale on Android)', async () => {
    for (const permission of ['prompt', 'prompt-with-rationale'] as const) {
      const { plugin } = fakePlugin({ permission, answer: 'granted' });
      const push = createNativePush(plugin);
      await expect(push.requestPermission()).resolves.toBe('granted');
      expect(push.permission()).toBe('granted');
      expect(plugin.requestPermissions).toHaveBeenCalledOnce();
    }
  });

  it('keeps the newest answer when an older check comes back late', async () => {
    const { plugin } = fakePlugin({ permission: 'prompt', answer: 'granted' });
    let answerLate: (status: { receive: PermissionState }) => void = () => undefined;
    // The check made when the platform is built answers only after the person was asked.
    plugin.checkPermissions.mockReturnValueOnce(new Promise((resolve) => (answerLate = resolve)));
    const push = createNativePush(plugin);
    await push.requestPermission();
    answerLate({ receive: 'prompt' });
    await Promise.resolve();
    expect(push.permission()).toBe('granted');
  });
});

describe('the native push registration', () => {
  it('registers with permission granted and answers the token', async () => {
    const { plugin, listening } = fakePlugin({ permission: 'granted' });
    const push = createNativePush(plugin);
    await expect(push.register(VAPID_KEY)).resolves.toEqual({ ok: true, subscription: { kind: 'fcm', token: TOKEN } });
    expect(plugin.requestPermissions).not.toHaveBeenCalled();
    expect(plugin.register).toHaveBeenCalledExactlyOnceWith();
    expect(listening()).toEqual([]);
  });

  it('asks first when the person has not decided, then registers', async () => {
    const { plugin, listening } = fakePlugin({ permission: 'prompt', answer: 'granted' });
    const push = createNativePush(plugin);
    await expect(push.register(VAPID_KEY)).resolves.toMatchObject({ ok: true, subscription: { token: TOKEN } });
    expect(plugin.requestPermissions).toHaveBeenCalledOnce();
    expect(plugin.requestPermissions.mock.invocationCallOrder[0]).toBeLessThan(plugin.register.mock.invocationCallOrder[0] ?? 0);
    expect(push.permission()).toBe('granted');
    expect(listening()).toEqual([]);
  });

  it('answers denied without registering when the person said no, before or when asked', async () => {
    for (const options of [{ permission: 'denied' }, { permission: 'prompt', answer: 'denied' }] as const) {
      const { plugin, listening } = fakePlugin(options);
      const push = createNativePush(plugin);
      await expect(push.register(VAPID_KEY)).resolves.toEqual({ ok: false, reason: 'denied' });
      expect(plugin.register).not.toHaveBeenCalled();
      expect(plugin.addListener).not.toHaveBeenCalled();
      expect(listening()).toEqual([]);
    }
  });

  it('answers failed with the message of a registrationError', async () => {
    const { plugin, listening } = fakePlugin({ registers: { error: 'no valid "aps-environment" entitlement string found' } });
    const push = createNativePush(plugin);
    await expect(push.register(VAPID_KEY)).resolves.toEqual({
      ok: false,
      reason: 'failed',
      message: 'no valid "aps-environment" entitlement string found',
    });
    expect(listening()).toEqual([]);
  });

  it('ignores an earlier attempt’s error the plugin kept, but takes a token it kept', async () => {
    const { plugin, keep } = fakePlugin({ registers: { token: TOKEN } });
    keep('registrationError', { error: 'SERVICE_NOT_AVAILABLE' });
    const push = createNativePush(plugin);
    await expect(push.register(VAPID_KEY)).resolves.toMatchObject({ ok: true, subscription: { token: TOKEN } });

    const renewed = fakePlugin({ registers: 'silently' });
    renewed.keep('registration', { value: 'fcm-token:renewed_0123456789abcdef' });
    await expect(createNativePush(renewed.plugin).register(VAPID_KEY)).resolves.toMatchObject({
      ok: true,
      subscription: { token: 'fcm-token:renewed_0123456789abcdef' },
    });
  });

  it('answers failed when no event comes within the timeout', async () => {
    vi.useFakeTimers();
    const { plugin, listening } = fakePlugin({ registers: 'silently' });
    const push = createNativePush(plugin);
    let result: unknown = null;
    const registering = push.register(VAPID_KEY).then((answer) => (result = answer));

    await vi.advanceTimersByTimeAsync(REGISTRATION_TIMEOUT_MS - 1);
    expect(plugin.register).toHaveBeenCalledOnce();
    expect(result).toBeNull();
    expect(listening()).toEqual(['registration', 'registrationError']);

    await vi.advanceTimersByTimeAsync(1);
    await registering;
    expect(result).toMatchObject({ ok: false, reason: 'failed' });
    expect(listening()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('answers failed when the plugin rejects, and stops listening', async () => {
    const { plugin, listening } = fakePlugin();
    plugin.register.mockRejectedValueOnce(new Error('Firebase is not configured'));
    const push = createNativePush(plugin);
    await expect(push.register(VAPID_KEY)).resolves.toEqual({ ok: false, reason: 'failed', message: 'Firebase is not configured' });
    expect(listening()).toEqual([]);
  });

  it('ends the registration through the plugin', async () => {
    const { plugin } = fakePlugin();
    await createNativePush(plugin).unregister();
    expect(plugin.unregister).toHaveBeenCalledOnce();
  });
});

describe('a tap on a native notification', () => {
  it('opens the page the notification names after 500 ms', async () => {
    vi.useFakeTimers();
    const { plugin, emit } = fakePlugin();
    const navigate = vi.fn<(path: string) => void>();
    createNativePush(plugin).onTap(navigate);
    await vi.waitFor(() => expect(plugin.addListener).toHaveBeenCalledWith('pushNotificationActionPerformed', expect.any(Function)));

    emit('pushNotificationActionPerformed', tap({ url: '/personalized-journey/grief/plan/j-1' }));
    vi.advanceTimersByTime(PUSH_TAP_NAVIGATION_DELAY_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/personalized-journey/grief/plan/j-1');
    expect(PUSH_TAP_NAVIGATION_DELAY_MS).toBe(500);
  });

  it('opens /dashboard for a missing or foreign url', async () => {
    vi.useFakeTimers();
    const { plugin, emit } = fakePlugin();
    const navigate = vi.fn<(path: string) => void>();
    createNativePush(plugin).onTap(navigate);
    await vi.waitFor(() => expect(plugin.addListener).toHaveBeenCalled());

    for (const data of [{}, null, { url: 'https://elsewhere.example/x' }, { url: '//elsewhere.example/x' }, { url: 42 }]) {
      emit('pushNotificationActionPerformed', tap(data));
    }
    vi.advanceTimersByTime(PUSH_TAP_NAVIGATION_DELAY_MS);
    expect(navigate.mock.calls).toEqual(Array.from({ length: 5 }, () => ['/dashboard']));
  });

  it('ignores a dismissal, and stops listening (with a navigation still waiting) when told', async () => {
    vi.useFakeTimers();
    const { plugin, emit, listening } = fakePlugin();
    const navigate = vi.fn<(path: string) => void>();
    const stop = createNativePush(plugin).onTap(navigate);
    await vi.waitFor(() => expect(listening()).toEqual(['pushNotificationActionPerformed']));

    emit('pushNotificationActionPerformed', tap({ url: '/library' }, 'dismiss'));
    vi.advanceTimersByTime(PUSH_TAP_NAVIGATION_DELAY_MS);
    expect(navigate).not.toHaveBeenCalled();

    emit('pushNotificationActionPerformed', tap({ url: '/library' }));
    stop();
    vi.advanceTimersByTime(PUSH_TAP_NAVIGATION_DELAY_MS);
    expect(navigate).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(listening()).toEqual([]));
  });

  it('takes only the app’s own paths', () => {
    expect(tapTarget({ url: '/library?tab=saved' })).toBe('/library?tab=saved');
    expect(tapTarget({ url: '/\\elsewhere.example' })).toBe('/dashboard');
    expect(tapTarget({ url: 'javascript:alert(1)' })).toBe('/dashboard');
    expect(tapTarget(undefined)).toBe('/dashboard');
  });
});

describe('loading the push platform', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  const shell = (native: boolean, platform: string) =>
    vi.stubGlobal('window', { Capacitor: { isNativePlatform: () => native, getPlatform: () => platform } });

  it('is the web one in a browser, built once', async () => {
    vi.stubGlobal('window', {});
    const { isNativeShell, loadPush } = await import('./index');
    expect(isNativeShell()).toBe(false);
    const first = loadPush();
    expect(loadPush()).toBe(first);
    await expect(first).resolves.toMatchObject({ kind: 'web' });
  });

  it('is the web one when Capacitor is there but not native (its web runtime)', async () => {
    shell(false, 'web');
    await expect((await import('./index')).loadPush()).resolves.toMatchObject({ kind: 'web' });
  });

  it('is the native one, on the plugin, in the iOS and the Android shell', async () => {
    for (const platform of ['ios', 'android']) {
      vi.resetModules();
      shell(true, platform);
      const checkPermissions = vi.spyOn(loaded.PushNotifications, 'checkPermissions');
      const push = await (await import('./index')).loadPush();
      expect(push.kind).toBe('native');
      // Built on the plugin the dynamic import gave: it asked that plugin what the person decided.
      expect(checkPermissions).toHaveBeenCalledOnce();
      checkPermissions.mockRestore();
    }
  });
});
