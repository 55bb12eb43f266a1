import type { Page } from '@playwright/test';
import { expect, readLocale, test, text } from './fixtures';

// The offline service worker is what these tests are about (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * The offline service worker (spec: registered at /service-worker.js): after one visit the app opens without a
 * network, in the visitor's language, says it is offline, and loads the prayers again once the network is back.
 */

const common = readLocale('es', 'common');
const auth = readLocale('es', 'auth');

/** The page's caches: the addresses the worker keeps for translations. */
const cachedTranslations = (page: Page) =>
  page.evaluate(async () => {
    if (!(await caches.has('selah-locales'))) return [];
    const requests = await (await caches.open('selah-locales')).keys();
    return requests.map((request) => new URL(request.url).pathname).sort();
  });

test.beforeAll(async ({ request }, testInfo) => {
  testInfo.setTimeout(240_000);
  // The content import runs in the background after the server starts: the reconnect step needs its prayers.
  await expect
    .poll(async () => ((await (await request.get('/api/feed?lng=es')).json()) as { popularPrayers: unknown[] }).popularPrayers.length, {
      timeout: 180_000,
      intervals: [1000],
    })
    .toBeGreaterThan(0);
});

test('after one visit the app opens offline in Spanish, and loads the prayers again when the network is back', async ({
  page,
  context,
  consoleGuard,
}) => {
  await page.goto('/dashboard?lng=es');
  const popular = page.getByRole('region', { name: text(common, 'dashboard.popular') });
  await expect(popular.getByRole('button').first()).toBeVisible();

  // The worker takes the page over once it is ready, and keeps every translation file of the language in use.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/service-worker.js') === true);
  await expect
    .poll(() => cachedTranslations(page))
    .toEqual(expect.arrayContaining(['/locales/es/auth.json', '/locales/es/common.json', '/locales/es/player.json']));

  consoleGuard.allowOffline();
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: text(common, 'dashboard.yourPrayers') })).toBeVisible();
  const notice = page.getByTestId('connection-notice');
  await expect(notice).toHaveText(text(common, 'connection.offline'));
  // The notice sits above the page and moves it down: it covers neither the greeting nor anything else.
  const greeting = page.getByRole('heading', { level: 1 });
  await expect(greeting).toBeVisible();
  const noticeBox = (await notice.boundingBox())!;
  expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual((await greeting.boundingBox())!.y);
  // Popular Prayers says why it is empty, calmly.
  await expect(popular.getByRole('button')).toHaveCount(0);
  await expect(popular).toContainText(text(common, 'dashboard.unavailableOffline'));

  // Back online, the dashboard fetches its prayers by itself.
  await context.setOffline(false);
  await expect(notice).toHaveText(text(common, 'connection.online'));
  await expect(popular.getByRole('button').first()).toBeVisible();
  await expect(popular).not.toContainText(text(common, 'dashboard.unavailableOffline'));
  await expect(notice).toHaveText('');

  // A screen not opened before, by its address, offline: the login screen (signed out), in Spanish.
  await context.setOffline(true);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(auth, 'login.title'));
  await expect(notice).toHaveText(text(common, 'connection.offline'));
});

test('online, a feed the server could not give says so calmly in its sections, with Try again', async ({ page, consoleGuard }) => {
  const en = readLocale('en', 'common');
  consoleGuard.allow({ status: 503, path: '/api/feed' });
  let failing = true;
  await page.route(
    (url) => url.pathname === '/api/feed',
    (route) =>
      failing ? route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'Try later' } } }) : route.continue(),
  );
  await page.goto('/dashboard?lng=en');
  const popular = page.getByRole('region', { name: text(en, 'dashboard.popular') });
  await expect(popular).toContainText(text(en, 'dashboard.unavailable'));
  failing = false;
  await popular.getByRole('button', { name: text(en, 'dashboard.tryAgain') }).click();
  await expect(popular.getByRole('button', { name: /, Play$/ }).first()).toBeVisible();
  await expect(popular).not.toContainText(text(en, 'dashboard.unavailable'));
});
