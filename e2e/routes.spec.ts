import { en, expect, test, text } from './fixtures';
import { expectBottomNavigation, pathIs } from './helpers';

const GUARDED = [
  '/library',
  '/search',
  '/quiz',
  '/statistics',
  '/goals',
  '/userprofile',
  '/account-settings',
  '/security',
  '/subscription',
];

test.describe('routes', () => {
  for (const route of GUARDED) {
    test(`${route} redirects a signed-out visitor to /login`, async ({ page }) => {
      await page.goto(route);
      await expect(page).toHaveURL(pathIs('/login'));
      await expect(page.getByRole('heading', { name: text(en.auth, 'login.title') })).toBeVisible();
    });
  }

  test('an unknown route shows the not-found page inside the shell, answered with the 404 status', async ({ page, consoleGuard }) => {
    // No address that is not a page answers 200 (issue 21): Chrome logs the document's 404, which is the point.
    consoleGuard.allow({ status: 404, path: '/no-such-page' });
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(pathIs('/no-such-page'));
    await expect(page.getByRole('heading', { name: text(en.common, 'notFound.title') })).toBeVisible();
    await expect(page.getByText(text(en.common, 'notFound.body'), { exact: true })).toBeVisible();
    await expectBottomNavigation(page);
  });
});
