/**
 * What differs between the web and the native shell. Nothing here imports @capacitor/core: the shell's bridge
 * puts `window.Capacitor` in place before the app's JavaScript runs, so reading it keeps Capacitor (and the
 * purchases plugin, loaded on demand) out of the app's initial JavaScript.
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

/** True inside the iOS app (Capacitor's native shell), false in any browser. */
export function isNativeIos(): boolean {
  if (typeof window === 'undefined') return false;
  const capacitor = (window as { Capacitor?: CapacitorGlobal }).Capacitor;
  return capacitor?.isNativePlatform?.() === true && capacitor.getPlatform?.() === 'ios';
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

/** Push on this device: the browser's Push API (the native shell's plugin comes with the native-shell issue). */
export async function loadPush(): Promise<PushPlatform> {
  const { webPush } = await import('./web-push');
  return webPush;
}
