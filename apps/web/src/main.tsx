import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './lib/i18n';
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

// The app's modules evaluate a few at a time, the router (the largest library) first, each in a task of its own:
// on a slow phone one task for all of them holds the page for a fifth of a second. No top-level await: the
// start-up chunks import this module's chunk (vite-start-up-chunks.ts), which must finish evaluating first.
async function start() {
  await import('./app/router');
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
