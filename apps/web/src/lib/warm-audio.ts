import { useEffect, type RefObject } from 'react';
import { serverUrl } from '../platform/server';

/**
 * A tap on a card should be heard at once (issue 23: within 300 ms on a warm page). Once the page is idle, each card
 * in view has the first seconds of its audio fetched into the browser's HTTP cache (the files are immutable, so
 * the player's own request starts from them), and the player's code is fetched once. Only cards on screen, only
 * their start, once per address, and never on a connection that asks to save data.
 */

/** About 4.5 s of a 56 kbps voice: enough for the player to start while it fetches the rest. */
export const WARM_BYTES = 32 * 1024;
/** Cards fetched ahead in one page's life, at most: a long scroll does not turn into a download. */
const MAX_WARMED = 12;

const warmed = new Set<string>();
const prefetchers: (() => unknown)[] = [];
let prefetched = false;

/** Code the player needs, fetched ahead with the first card warmed (app/ registers it: lib imports no feature). */
export function prefetchWithWarmCards(load: () => unknown): void {
  prefetchers.push(load);
}

function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return connection?.saveData === true || connection?.effectiveType === 'slow-2g' || connection?.effectiveType === '2g';
}

const whenIdle = (work: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 200);
};

function warm(url: string): void {
  if (warmed.has(url) || warmed.size >= MAX_WARMED || savesData() || !navigator.onLine) return;
  warmed.add(url);
  whenIdle(() => {
    if (!prefetched) {
      prefetched = true;
      for (const load of prefetchers) void Promise.resolve(load()).catch(() => undefined);
    }
    const request: RequestInit & { priority?: 'low' } = { headers: { Range: `bytes=0-${WARM_BYTES - 1}` }, priority: 'low' };
    // The body is read so the cache keeps the whole range; a failure only means the tap fetches it itself.
    void fetch(serverUrl(url), request)
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
  });
}

let observer: IntersectionObserver | null = null;
const urlOf = new WeakMap<Element, string>();

function sharedObserver(): IntersectionObserver | null {
  if (typeof IntersectionObserver !== 'function') return null;
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const url = urlOf.get(entry.target);
      if (url) warm(url);
      observer?.unobserve(entry.target);
    }
  });
  return observer;
}

/** Warms `url` (an audio address) once the element is on screen. */
export function useWarmAudio(ref: RefObject<Element | null>, url: string | null | undefined): void {
  useEffect(() => {
    const element = ref.current;
    const watcher = sharedObserver();
    if (!element || !url || !watcher) return;
    urlOf.set(element, url);
    watcher.observe(element);
    return () => watcher.unobserve(element);
  }, [ref, url]);
}
