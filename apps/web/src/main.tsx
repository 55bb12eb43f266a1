import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './lib/i18n';
import { isNativeShell } from './platform/shell';
import stylesUrl from './index.css?url';

// The stylesheet is linked from here instead of from the head, where it would hold back the first paint:
// index.html paints its splash with its own few rules, and nothing else shows before the styles are in.
const stylesheet = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: stylesUrl });
const stylesLoaded = new Promise((resolve) => {
  stylesheet.onload = resolve;
  stylesheet.onerror = resolve;
});
document.head.append(stylesheet);

// Uncaught errors and unhandled rejections are only logged (spec section 8).
window.addEventListener('unhandledrejection', (event) => console.warn('unhandled rejection', event.reason));

void initI18n();

// In the native app the page's splash is painted by now: the status bar is set and the native splash, which looks
// the same, goes (platform/app-start.ts). In a browser nothing is loaded for it.
if (isNativeShell()) void import('./platform').then((platform) => platform.showNativeApp());

/** Lets the browser run what is waiting (a paint, input, network) before going on. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// The app starts a step at a time, each in a task of its own: the router's modules (the largest library), making
// the router (it matches the location and starts loading the page), then the app's modules. On a slow phone one
// task for all of them holds the page for a fifth of a second. No top-level await: the start-up chunks import
// this module's chunk (vite-start-up-chunks.ts), which must finish evaluating first.

async function start() {
  const { appRouter } = await import('./app/router');
  await nextTask();
  appRouter();
  await nextTask();
  const [{ App }] = await Promise.all([import('./app/App'), stylesLoaded]);

  // The first render runs as a transition: React yields to the browser every few milliseconds instead of holding
  // the main thread in one long task while the splash is up.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

void start();
