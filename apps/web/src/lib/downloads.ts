import { useSyncExternalStore } from 'react';
import { cuesUrlOf, type PlayerTrack } from '@selah/domain/player';
import { serverUrl } from '../platform/server';
import { isNativeShell } from '../platform/shell';

/**
 * Downloads (issue 22): prayers and journey days kept on the device for a flight or a hospital. The files go into
 * the Cache Storage cache the offline service worker reads them from (vite.config.ts: CacheFirst on audio and
 * cues, byte ranges served from the whole file); the list of what is saved is kept beside it, per account.
 * Signing out removes them all: a shared phone does not keep one person's prayers for the next.
 */
export const DOWNLOADS_CACHE = 'selah-downloads';
const LIST_KEY = 'selah-downloads';

export interface Download {
  /** The track as the player plays it (its audio address may carry an expired signature: the cache ignores it). */
  track: PlayerTrack;
  /** Which account saved it. */
  userId: string;
  bytes: number;
  savedAt: string;
  /** A journey's day: the journey's title, for the list. */
  group?: string;
}

/** The cache key of a media address: absolute, without its query (a signature that changes). */
export function cacheKeyOf(url: string): string {
  const absolute = new URL(serverUrl(url), window.location.origin);
  absolute.search = '';
  return absolute.toString();
}

const listeners = new Set<() => void>();
let snapshot: Download[] | null = null;

function read(): Download[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(LIST_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as Download[]) : [];
  } catch {
    return [];
  }
}

function write(list: Download[]): void {
  localStorage.setItem(LIST_KEY, JSON.stringify(list));
  snapshot = list;
  for (const listener of listeners) listener();
}

const all = (): Download[] => (snapshot ??= read());

/** The downloads of this account, newest first; re-renders when they change. */
export function useDownloads(userId: string | null): Download[] {
  const list = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    all,
    () => [],
  );
  return userId ? list.filter((item) => item.userId === userId) : [];
}

export const isDownloaded = (list: Download[], track: PlayerTrack): boolean =>
  list.some((item) => item.track.id === track.id && cacheKeyOf(item.track.audioUrl) === cacheKeyOf(track.audioUrl));

/**
 * Whether this browser can keep files: Cache Storage and the offline worker to serve them. Not in the native shell,
 * which has no worker (its files are inside the app); keeping audio there needs the device's own storage.
 */
export const canDownload = (): boolean => 'caches' in window && 'serviceWorker' in navigator && !isNativeShell();

/**
 * Saves tracks for offline listening: each audio file whole, with its cues when it has them, and the background
 * sounds' list and the chosen sound so the player's bed plays offline too. Answers how many were saved.
 */
export async function saveForOffline(
  userId: string,
  tracks: PlayerTrack[],
  options: { group?: string; bedUrl?: string } = {},
): Promise<number> {
  const cache = await caches.open(DOWNLOADS_CACHE);
  const saved: Download[] = [];
  for (const track of tracks) {
    const response = await fetch(serverUrl(track.audioUrl));
    if (!response.ok) throw new Error(`The audio could not be saved (${response.status})`);
    const data = await response.blob();
    await cache.put(cacheKeyOf(track.audioUrl), new Response(data, { headers: { 'content-type': data.type || 'audio/mpeg' } }));
    let bytes = data.size;
    const cues = await fetch(serverUrl(cuesUrlOf(track.audioUrl))).catch(() => null);
    if (cues?.ok) {
      const text = await cues.blob();
      bytes += text.size;
      await cache.put(cacheKeyOf(cuesUrlOf(track.audioUrl)), new Response(text, { headers: { 'content-type': 'text/vtt' } }));
    }
    saved.push({ track, userId, bytes, savedAt: new Date().toISOString(), ...(options.group ? { group: options.group } : {}) });
  }
  if (options.bedUrl) {
    const bed = await fetch(serverUrl(options.bedUrl)).catch(() => null);
    if (bed?.ok) await cache.put(cacheKeyOf(options.bedUrl), bed);
  }
  const kept = all().filter((item) => !saved.some((entry) => entry.userId === item.userId && entry.track.id === item.track.id));
  // The newest first, and a journey's days in their order.
  write([...saved, ...kept]);
  return saved.length;
}

/** Removes a download: its files leave the cache unless another saved item still needs them. */
export async function removeDownload(userId: string, trackId: string): Promise<void> {
  const list = all();
  const gone = list.filter((item) => item.userId === userId && item.track.id === trackId);
  const kept = list.filter((item) => !gone.includes(item));
  write(kept);
  const cache = await caches.open(DOWNLOADS_CACHE);
  for (const item of gone) {
    const key = cacheKeyOf(item.track.audioUrl);
    if (kept.some((other) => cacheKeyOf(other.track.audioUrl) === key)) continue;
    await cache.delete(key);
    await cache.delete(cacheKeyOf(cuesUrlOf(item.track.audioUrl)));
  }
}

/** At sign-out: nothing of the account stays on the device. */
export async function clearDownloads(): Promise<void> {
  write([]);
  if ('caches' in window) await caches.delete(DOWNLOADS_CACHE);
}
