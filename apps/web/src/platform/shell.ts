/**
 * Which shell the app runs in. Nothing here imports @capacitor/core: the shell's bridge puts `window.Capacitor`
 * in place before the app's JavaScript runs, so reading it keeps Capacitor (and every plugin, loaded on demand)
 * out of the app's initial JavaScript.
 */
interface CapacitorGlobal {
  isNativePlatform?(): boolean;
  getPlatform?(): string;
}

const capacitor = (): CapacitorGlobal | undefined =>
  typeof window === 'undefined' ? undefined : (window as { Capacitor?: CapacitorGlobal }).Capacitor;

export type NativePlatform = 'ios' | 'android';

/** True inside the native app (Capacitor's shell, iOS or Android), false in any browser. */
export function isNativeShell(): boolean {
  return capacitor()?.isNativePlatform?.() === true;
}

/** The native platform the app runs on, or null in a browser. */
export function nativePlatform(): NativePlatform | null {
  if (!isNativeShell()) return null;
  const platform = capacitor()?.getPlatform?.();
  return platform === 'ios' || platform === 'android' ? platform : null;
}

/** True inside the iOS app (Capacitor's native shell), false in any browser. */
export function isNativeIos(): boolean {
  return nativePlatform() === 'ios';
}
