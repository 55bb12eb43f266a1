import type { Locator } from '@playwright/test';
import { en, expect, PUSH_UNSUPPORTED_NOTICE, readLocale, test, text } from './fixtures';
import { pathIs, toast } from './helpers';

const profile = en.profile;

test.describe('profile', () => {
  test('account settings: notifications toggle, and choosing Español reloads the page in Spanish', async ({
    signedInPage: page,
    context,
    consoleGuard,
  }) => {
    // Turning notifications on asks the browser (notifications.spec.ts covers the rest of it).
    await context.grantPermissions(['notifications']);
    consoleGuard.allowBrowserNotice(PUSH_UNSUPPORTED_NOTICE);
    await page.goto('/account-settings');
    await expect(page.getByRole('heading', { name: text(profile, 'settings.title') })).toBeVisible();

    const notifications = page.getByRole('switch', { name: 'Prayer notifications' });
    await expect(notifications).toHaveAttribute('aria-checked', 'true');
    await notifications.click();
    await expect(toast(page, 'Notifications disabled')).toBeVisible();
    await expect(notifications).toHaveAttribute('aria-checked', 'false');
    await expect(notifications).toBeEnabled();
    await notifications.click();
    await expect(toast(page, 'Notifications enabled')).toBeVisible();
    await expect(notifications).toHaveAttribute('aria-checked', 'true');

    const es = readLocale('es', 'profile');
    await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
    // A flag on the window tells the reload apart from the re-render in Spanish that comes first.
    await page.evaluate(() => Object.assign(window, { beforeLanguageChange: true }));
    // The radio follows the finger at once, while the language is saved.
    await page.getByRole('radio', { name: 'Español' }).click();
    await expect(page.getByRole('radio', { name: 'Español' })).toBeChecked();
    await expect(toast(page, text(es, 'settings.languageUpdated'))).toBeVisible();
    // The evaluate can land in the middle of the reload (its context is destroyed): that counts as "not yet".
    await expect.poll(() => page.evaluate(() => 'beforeLanguageChange' in window).catch(() => true)).toBe(false);

    await expect(page).toHaveURL(pathIs('/account-settings'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(es, 'settings.title'));
    await expect(page.getByRole('switch', { name: text(es, 'settings.notifications') })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('radio', { name: 'Español' })).toBeChecked();
    const me = await page.request.get('/api/me');
    expect(((await me.json()) as { language: string }).language).toBe('es');
  });

  test('a language that cannot be saved goes back to the saved one, with a message', async ({ signedInPage: page, consoleGuard }) => {
    await page.goto('/account-settings?lng=en');
    await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/me', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      // Held until the test has seen the choice shown while it is saved.
      await answered;
      await route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'Try again later.' } } });
    });
    consoleGuard.allow({ status: 503, path: '/api/me' });
    await page.getByRole('radio', { name: 'Polski' }).click();
    await expect(page.getByRole('radio', { name: 'Polski' })).toBeChecked();
    answer();
    await expect(toast(page, text(profile, 'settings.languageFailed'))).toBeVisible();
    await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('delete account from /security needs the right password', async ({ signedInPage: page, signedInAccount: account, consoleGuard }) => {
    await page.goto('/security');
    await page.getByRole('button', { name: text(profile, 'security.deleteTitle'), exact: true }).click();

    const confirm = page.getByRole('button', { name: text(profile, 'security.deleteConfirm'), exact: true });
    const password = page.getByLabel(text(profile, 'security.deletePasswordLabel'));
    await expect(confirm).toBeDisabled();
    await password.fill(`${account.password}-wrong`);
    await expect(confirm).toBeEnabled();

    consoleGuard.allow({ status: 400, path: '/api/me' });
    await confirm.click();
    await expect(toast(page, 'Incorrect password. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(pathIs('/security'));

    await password.fill(account.password);
    await confirm.click();
    await expect(toast(page, 'Your account has been deleted')).toBeVisible();
    await expect(page).toHaveURL(pathIs('/dashboard'));

    consoleGuard.allow({ status: 401, path: '/api/auth/sign-in/email' });
    await page.goto('/login');
    await page.getByLabel(text(en.auth, 'fields.email')).fill(account.email);
    await page.getByLabel(text(en.auth, 'fields.password')).fill(account.password);
    await page.getByRole('button', { name: text(en.auth, 'login.submit'), exact: true }).click();
    await expect(toast(page, text(en.auth, 'login.failed'))).toBeVisible();
    await expect(page).toHaveURL(pathIs('/login'));
  });

  test('Delete my account stays disabled while the password is only spaces; the password is sent as typed', async ({
    signedInPage: page,
    consoleGuard,
  }) => {
    await page.goto('/security');
    await page.getByRole('button', { name: text(profile, 'security.deleteTitle'), exact: true }).click();
    const confirm = page.getByRole('button', { name: text(profile, 'security.deleteConfirm'), exact: true });
    const password = page.getByLabel(text(profile, 'security.deletePasswordLabel'));
    await password.fill('     ');
    await expect(confirm).toBeDisabled();
    await password.press('Enter');
    await expect(page).toHaveURL(pathIs('/security'));

    // Spaces around a password are part of it: not trimmed away.
    await password.fill('  not my password  ');
    await expect(confirm).toBeEnabled();
    const sent = page.waitForRequest((request) => request.method() === 'DELETE' && new URL(request.url()).pathname === '/api/me');
    consoleGuard.allow({ status: 400, path: '/api/me' });
    await confirm.click();
    expect((await sent).postDataJSON()).toEqual({ password: '  not my password  ' });
    await expect(toast(page, 'Incorrect password. Please try again.')).toBeVisible();
  });

  test('a long email keeps the avatar round and the words inside the phone on /userprofile and /security', async ({ page, baseURL }) => {
    // 60 characters without a space.
    const local = `e2e-long-${Date.now()}-`.padEnd(48, 'x');
    const email = `${local}@example.com`;
    expect(email).toHaveLength(60);
    const response = await page.request.post('/api/auth/sign-up/email', {
      data: { email, password: `pw-${Date.now()}-long-email`, name: '' },
      headers: { origin: baseURL! },
    });
    expect(response.status(), await response.text()).toBe(200);
    const width = page.viewportSize()!.width;
    /** The element's own box stays inside `within`'s, and nothing of its text is cut or spills out. */
    const expectInside = async (element: Locator, within: Locator) => {
      const [box, outer] = [await element.boundingBox(), await within.boundingBox()];
      expect(box!.x).toBeGreaterThanOrEqual(outer!.x);
      expect(box!.x + box!.width).toBeLessThanOrEqual(outer!.x + outer!.width + 0.5);
      expect(await element.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    };

    await page.goto('/userprofile?lng=en');
    const name = page.getByRole('main').getByText(email, { exact: true });
    await expect(name).toBeVisible();
    const card = name.locator('xpath=ancestor::section[1]');
    const avatar = name.locator('xpath=../preceding-sibling::div[1]');
    await expect(avatar).toHaveText('E');
    const round = await avatar.boundingBox();
    expect(round!.width).toBeCloseTo(56, 0);
    expect(round!.height).toBeCloseTo(56, 0);
    await expectInside(name, card);
    await expect(page.getByLabel(text(profile, 'details.email'))).toHaveValue(email);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await page.goto('/security?lng=en');
    const heading = page.getByRole('heading', { name: text(profile, 'security.changePassword') });
    const securityCard = heading.locator('xpath=ancestor::section[1]');
    const icon = heading.locator('xpath=../preceding-sibling::*[1]');
    const iconBox = await icon.boundingBox();
    expect(iconBox!.width).toBeCloseTo(24, 0);
    expect(iconBox!.height).toBeCloseTo(24, 0);
    const hint = securityCard.getByText(email);
    await expectInside(hint, securityCard);
    await expectInside(securityCard.getByRole('button', { name: text(profile, 'security.sendResetEmail') }), securityCard);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });

  test("the profile's language wins over the detected one, and a change in settings is kept for the next loads", async ({
    page,
    account,
  }) => {
    const pl = readLocale('pl', 'auth');
    const storedLanguage = async () => ({
      localStorage: await page.evaluate(() => localStorage.getItem('i18nextLng')),
      cookie: (await page.context().cookies()).find((cookie) => cookie.name === 'i18next')?.value,
    });

    // Polish detected (the address, then kept in local storage and the cookie); the profile says English.
    await page.goto('/login?lng=pl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(pl, 'login.title'));
    expect(await storedLanguage()).toEqual({ localStorage: 'pl', cookie: 'pl' });
    await page.getByLabel(text(pl, 'fields.email')).fill(account.email);
    await page.getByLabel(text(pl, 'fields.password')).fill(account.password);
    await page.getByRole('button', { name: text(pl, 'login.submit'), exact: true }).click();

    // After the sign-in the interface is English, and stays so on the next load.
    await expect(page).toHaveURL(pathIs('/dashboard'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect.poll(storedLanguage).toEqual({ localStorage: 'en', cookie: 'en' });
    await page.goto('/account-settings');
    await expect(page.getByRole('heading', { name: text(profile, 'settings.title') })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();

    // Polski in the settings, then English again: each reload comes back in the chosen language.
    for (const [name, lng] of [
      ['Polski', 'pl'],
      ['English', 'en'],
    ] as const) {
      await page.evaluate(() => Object.assign(window, { beforeLanguageChange: true }));
      await page.getByRole('radio', { name }).click();
      await expect.poll(() => page.evaluate(() => 'beforeLanguageChange' in window).catch(() => true)).toBe(false);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(readLocale(lng, 'profile'), 'settings.title'));
      await expect(page.getByRole('radio', { name })).toBeChecked();
      expect(await storedLanguage()).toEqual({ localStorage: lng, cookie: lng });
    }
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
