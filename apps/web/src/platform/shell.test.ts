import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNativeIos, isNativeShell, nativePlatform } from './shell';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The global the shell's bridge puts in place before the app's JavaScript runs. */
const capacitor = (native: boolean, platform: string) =>
  vi.stubGlobal('window', { Capacitor: { isNativePlatform: () => native, getPlatform: () => platform } });

describe('the shell the app runs in', () => {
  it('is a browser without window.Capacitor', () => {
    vi.stubGlobal('window', {});
    expect(isNativeShell()).toBe(false);
    expect(nativePlatform()).toBeNull();
    expect(isNativeIos()).toBe(false);
  });

  it('is a browser where there is no window at all (a worker, a server render)', () => {
    vi.stubGlobal('window', undefined);
    expect(isNativeShell()).toBe(false);
    expect(nativePlatform()).toBeNull();
    expect(isNativeIos()).toBe(false);
  });

  it('is a browser with Capacitor’s web runtime (not native)', () => {
    capacitor(false, 'web');
    expect(isNativeShell()).toBe(false);
    expect(nativePlatform()).toBeNull();
    expect(isNativeIos()).toBe(false);
  });

  it('is a browser when Capacitor has no isNativePlatform, or it answers something other than true', () => {
    vi.stubGlobal('window', { Capacitor: { getPlatform: () => 'ios' } });
    expect(isNativeShell()).toBe(false);
    expect(nativePlatform()).toBeNull();
    vi.stubGlobal('window', { Capacitor: { isNativePlatform: () => 'yes', getPlatform: () => 'ios' } });
    expect(isNativeShell()).toBe(false);
  });

  it('is the iOS shell', () => {
    capacitor(true, 'ios');
    expect(isNativeShell()).toBe(true);
    expect(nativePlatform()).toBe('ios');
    expect(isNativeIos()).toBe(true);
  });

  it('is the Android shell', () => {
    capacitor(true, 'android');
    expect(isNativeShell()).toBe(true);
    expect(nativePlatform()).toBe('android');
    expect(isNativeIos()).toBe(false);
  });

  it('is native without a known platform when Capacitor names another one, or none', () => {
    capacitor(true, 'electron');
    expect(isNativeShell()).toBe(true);
    expect(nativePlatform()).toBeNull();
    expect(isNativeIos()).toBe(false);
    vi.stubGlobal('window', { Capacitor: { isNativePlatform: () => true } });
    expect(isNativeShell()).toBe(true);
    expect(nativePlatform()).toBeNull();
  });

  it('reads window.Capacitor on every call, not once', () => {
    capacitor(true, 'ios');
    expect(isNativeIos()).toBe(true);
    vi.stubGlobal('window', {});
    expect(isNativeIos()).toBe(false);
  });
});
