/**
 * What differs between the web and the native shell. Nothing here imports @capacitor/core: the shell's bridge
 * puts `window.Capacitor` in place before the app's JavaScript runs, so reading it keeps Capacitor (and the
 * purchases and push plugins, loaded on demand) out of the app's initial JavaScript.
 */
import type { PurchasePlatform } from './purchases';
import type { PushPlatform } from './push';
import { webPurchases } from './web-purchases';

export * from './purchases';
export type { PushPermission, PushPlatform, RegisterResult } from './push';

interface CapacitorGlobal {
  isNativePlatform?(): boolean;
  getPlatform?(): string;
}

const capacitor = (): CapacitorGlobal | undefined =>
  typeof window === 'undefined' ? undefined : (window as { Capacitor?: CapacitorGlobal }).Capacitor;

/** True inside the native app (Capacitor's shell, iOS or Android), false in any browser. */
export function isNativeShell(): boolean {
  return capacitor()?.isNativePlatform?.() === true;
}

/** True inside the iOS app (Capacitor's native shell), false in any browser. */
export function isNativeIos(): boolean {
  return isNativeShell() && capacitor()?.getPlatform?.() === 'ios';
}

async function createPurchases(): Promise<PurchasePlatform> {
  // A public SDK key (RevenueCat's "appl_..."), set at build time. Without one the iOS app sells nothing.
  const apiKey: unknown = import.meta.env.VITE_REVENUECAT_IOS_API_KEY;
  if (!isNativeIos() || typeof apiKey !== 'string' || apiKey === '') return webPurchases;
  const [{ Purchases }, { createNativePurchases }] = await Promise.all([
    import('@revenuecat/purchases-capacitor'),
    import('./native-purchases'),
  ]);
  return createNativePurchases(Purchases, apiKey);
}

let loading: Promise<PurchasePlatform> | null = null;

/** The purchase platform of this device, built once (a failed load, e.g. a missing chunk, is tried again). */
export function loadPurchases(): Promise<PurchasePlatform> {
  loading ??= createPurchases().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function createPush(): Promise<PushPlatform> {
  if (!isNativeShell()) return (await import('./web-push')).webPush;
  const [{ PushNotifications }, { createNativePush }] = await Promise.all([
    import('@capacitor/push-notifications'),
    import('./native-push'),
  ]);
  return createNativePush(PushNotifications);
}

let loadingPush: Promise<PushPlatform> | null = null;

/**
 * Push on this device, built once (a failed load is tried again): the browser's Push API, or the native shell's
 * push plugin (native-push.ts, whose `onTap` opens a tapped notification's page).
 */
export function loadPush(): Promise<PushPlatform> {
  loadingPush ??= createPush().catch((error: unknown) => {
    loadingPush = null;
    throw error;
  });
  return loadingPush;
}
