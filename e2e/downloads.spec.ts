import { expect, test } from './fixtures';
import { pathIs } from './helpers';

// The offline service worker is what these tests are about (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 22, downloads: a prayer saved on the device is listed in the library with its size, stays there after a
 * reload, plays with the network switched off (the offline worker answers its byte ranges from the saved file),
 * and can be removed.
 */

test.beforeAll(async ({ request }, testInfo) => {
  testInfo.setTimeout(240_000);
  await expect
    .poll(async () => ((await (await request.get('/api/feed?lng=en')).json()) as { popularPrayers: unknown[] }).popularPrayers.length, {
      timeout: 180_000,
      intervals: [1000],
    })
    .toBe(2);
});

test('a downloaded prayer is listed, survives a reload, plays offline, and can be removed', async ({
  signedInPage: page,
  context,
  consoleGuard,
}) => {
  await page.goto('/dashboard?lng=en');
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/service-worker.js') === true);
  await page.getByRole('button', { name: /^Evening Rest en .*, Play$/ }).click();
  await expect(page).toHaveURL(pathIs('/player'));
  await page.getByRole('button', { name: 'Download for offline listening' }).click();
  await expect(page.getByRole('button', { name: 'Downloaded. Remove from this device' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Pause', exact: true }).click();

  // Listed in the library with the space it takes, also after a reload.
  await page.goto('/library?lng=en');
  const downloads = page.getByRole('region', { name: 'Downloads' });
  await expect(downloads.getByText('Evening Rest en', { exact: true })).toBeVisible();
  await expect(page.getByTestId('downloads-total')).toHaveText(/^1 prayer · \d+(\.\d)? MB$/);
  await page.reload();
  await expect(downloads.getByText('Evening Rest en', { exact: true })).toBeVisible();

  // No network: it plays from the device, its words with it.
  consoleGuard.allowOffline();
  await context.setOffline(true);
  await downloads.getByRole('button', { name: 'Evening Rest en, Play' }).click();
  await expect(page).toHaveURL(pathIs('/player'));
  await expect
    .poll(() => page.getByRole('slider', { name: 'Playback position' }).inputValue().then(Number), { timeout: 20_000 })
    .toBeGreaterThan(1);
  await expect(
    page.getByRole('region', { name: 'Prayer text' }).getByRole('button', { name: 'Play from: Evening Rest en.' }),
  ).toBeVisible();
  // Seeking works too: the worker answers byte ranges from the saved file.
  await page.getByRole('button', { name: 'Forward 15 seconds' }).click();
  await expect.poll(() => page.getByRole('slider', { name: 'Playback position' }).inputValue().then(Number)).toBeGreaterThan(15);
  await context.setOffline(false);

  // Removed: the list is empty and its files are gone from the device (the chosen background sound stays).
  await page.goto('/library?lng=en');
  await downloads.getByRole('button', { name: 'Remove Evening Rest en from this device' }).click();
  await expect(page.getByRole('region', { name: 'Downloads' })).toHaveCount(0);
  const beds = ((await (await page.request.get('/api/sounds')).json()) as { sounds: Array<{ audioUrl: string }> }).sounds.map(
    (sound) => sound.audioUrl,
  );
  const kept = await page.evaluate(async () =>
    (await (await caches.open('selah-downloads')).keys()).map((request) => new URL(request.url).pathname),
  );
  expect(kept.filter((path) => !beds.includes(path))).toEqual([]);

  // Saved again, then signed out: nothing of the account stays on the device.
  await page.goto('/dashboard?lng=en');
  await page.getByRole('button', { name: /^Evening Rest en .*, Play$/ }).click();
  await page.getByRole('button', { name: 'Download for offline listening' }).click();
  await expect(page.getByRole('button', { name: 'Downloaded. Remove from this device' })).toBeVisible();
  await page.goto('/security?lng=en');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(pathIs('/login'));
  expect(await page.evaluate(async () => caches.has('selah-downloads'))).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('selah-downloads'))).toBe('[]');
});
