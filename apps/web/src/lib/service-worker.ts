import i18n from 'i18next';
import { isNativeShell } from '../platform/shell';
import { NAMESPACES, translationFileUrl } from './i18n';

/** The offline service worker the build writes (vite.config.ts); the spec names its address. */
const SERVICE_WORKER_URL = '/service-worker.js';

/**
 * Asks the worker to keep every translation file of the language in use: screens load theirs only when first opened,
 * and one opened offline would otherwise wait out the retries and show bare keys. Workbox's router answers this
 * message by fetching the addresses through its routes, which cache them.
 */
function cacheTranslations(worker: ServiceWorker | null): void {
  const language = i18n.resolvedLanguage;
  if (!worker || !language) return;
  worker.postMessage({
    type: 'CACHE_URLS',
    payload: { urlsToCache: NAMESPACES.map((namespace) => translationFileUrl(language, namespace)) },
  });
}

async function register(): Promise<void> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  cacheTranslations(registration.active);
  i18n.on('languageChanged', () => cacheTranslations(registration.active));
}

let registering = false;

/**
 * Registers the worker once the first screen is up and the browser is idle, so its download of the app's files
 * never competes with that screen. Only in a build (the dev server has no worker) and where browsers have workers;
 * not in the native shell, whose files are inside the app; a failure is only logged (spec section 8).
 */
export function registerServiceWorker(): void {
  if (registering || !import.meta.env.PROD || !('serviceWorker' in navigator) || isNativeShell()) return;
  registering = true;
  const start = () => void register().catch((error: unknown) => console.warn('service worker registration failed', error));
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 200));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
