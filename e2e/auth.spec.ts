import { en, expect, test, text, uniqueEmail } from './fixtures';
import { expectBottomNavigation, passwordResetLink, pathIs, toast } from './helpers';

const auth = en.auth;

test.describe('sign-in screens', () => {
  test('register shows the carousel for at least 3 slides, then lands on /dashboard', async ({ page }) => {
    await page.goto('/registerpage');
    await expect(page.getByRole('heading', { name: text(auth, 'register.title') })).toBeVisible();

    await page.getByLabel(text(auth, 'fields.email')).fill(uniqueEmail('register'));
    await page.getByLabel(text(auth, 'fields.password')).fill('a-good-password');
    const register = page.getByRole('button', { name: text(auth, 'register.submit'), exact: true });
    await register.click();

    await expect(page.getByRole('button', { name: text(auth, 'register.submitting'), exact: true })).toBeDisabled();
    const carousel = page.getByTestId('registration-carousel');
    await expect(carousel).toBeVisible();
    await expect(carousel).toHaveAttribute('aria-label', text(auth, 'carousel.label'));
    await expect(carousel.getByRole('heading', { name: text(auth, 'carousel.welcome.title') })).toBeVisible();
    await expect(carousel.getByRole('heading', { name: text(auth, 'carousel.preparing.title') })).toBeVisible();
    // The carousel is still there when the third slide is counted: it never leaves before that.
    await expect(carousel).toHaveAttribute('data-slides-shown', /^([3-9]|\d{2,})$/);

    await expect(page).toHaveURL(pathIs('/dashboard'));
    await expect(carousel).toHaveCount(0);
    await expectBottomNavigation(page);
  });

  test('Google and Apple buttons show the failure message when the provider is not configured', async ({ page, consoleGuard }) => {
    consoleGuard.allow({ status: 404, path: '/api/auth/sign-in/social' });
    await page.goto('/login');
    await page.getByRole('button', { name: text(auth, 'social.continueWithGoogle') }).click();
    await expect(toast(page, text(auth, 'social.googleFailed'))).toBeVisible();
    await page.getByRole('button', { name: text(auth, 'social.signInWithApple') }).click();
    await expect(toast(page, text(auth, 'social.appleFailed'))).toBeVisible();
    await expect(page).toHaveURL(pathIs('/login'));

    await page.goto('/registerpage');
    await page.getByRole('button', { name: text(auth, 'social.continueWithApple') }).click();
    await expect(toast(page, text(auth, 'social.appleFailed'))).toBeVisible();
    await expect(page.getByRole('button', { name: text(auth, 'social.continueWithApple') })).toBeEnabled();
  });

  test("a Google sign-in that fails at the provider shows the provider's own message on /login, the fixed one elsewhere", async ({
    page,
  }) => {
    // The provider sends the person back with its error (better-auth's error redirect to the page that started it).
    await page.route('**/api/auth/sign-in/social', (route) =>
      route.fulfill({
        json: { url: '/login?social=google&error=access_denied&error_description=The+user+denied+access.', redirect: true },
      }),
    );
    await page.goto('/login?lng=en');
    await page.getByRole('button', { name: text(auth, 'social.continueWithGoogle') }).click();
    await expect(toast(page, 'The user denied access.')).toBeVisible();
    // The address is cleaned, so a reload does not say it again.
    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.search === '');

    // An address nobody's sign-in started: no words from it on the screen, the fixed message.
    await page.goto('/login?social=apple&error=invalid_request&error_description=Call+this+number');
    await expect(toast(page, text(auth, 'social.appleFailed'))).toBeVisible();
    await expect(page.getByText('Call this number')).toHaveCount(0);

    // The register page always shows the fixed message.
    await page.route('**/api/auth/sign-in/social', (route) =>
      route.fulfill({
        json: { url: '/registerpage?social=apple&error=access_denied&error_description=The+user+cancelled.', redirect: true },
      }),
    );
    await page.goto('/registerpage');
    await page.getByRole('button', { name: text(auth, 'social.continueWithApple') }).click();
    await expect(toast(page, text(auth, 'social.appleFailed'))).toBeVisible();
    await expect(page.getByText('The user cancelled.')).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === '/registerpage' && url.search === '');
  });

  test('a Google sign-in sends the login event with its method', async ({ page, account, baseURL }) => {
    // The provider signs the person in and sends them to /dashboard: here the session comes from the email
    // sign-in (through the page's own cookies), then the same redirect.
    await page.route('**/api/auth/sign-in/social', async (route) => {
      const signedIn = await page.request.post('/api/auth/sign-in/email', { data: account, headers: { origin: baseURL! } });
      expect(signedIn.status()).toBe(200);
      await route.fulfill({ json: { url: '/dashboard', redirect: true } });
    });
    const login = page.waitForRequest(
      (request) => request.url().endsWith('/api/analytics/events') && (request.postDataJSON() as { name?: string }).name === 'login',
    );
    await page.goto('/login?lng=en');
    await page.getByRole('button', { name: text(auth, 'social.continueWithGoogle') }).click();
    await expect(page).toHaveURL(pathIs('/dashboard'));
    expect((await login).postDataJSON()).toEqual({ name: 'login', params: { method: 'google' } });
  });

  test('log out from /security lands on /login, and guarded pages then redirect there', async ({ signedInPage: page }) => {
    await page.goto('/security');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(pathIs('/login'));
    await expect(page.getByRole('heading', { name: text(auth, 'login.title') })).toBeVisible();

    await page.goto('/userprofile');
    await expect(page).toHaveURL(pathIs('/login'));
    await expect(page.getByRole('heading', { name: text(auth, 'login.title') })).toBeVisible();
  });

  test('a wrong password is refused with a toast; the right one goes to /dashboard', async ({ page, account, consoleGuard }) => {
    consoleGuard.allow({ status: 401, path: '/api/auth/sign-in/email' });
    await page.goto('/login');
    await page.getByLabel(text(auth, 'fields.email')).fill(account.email);
    await page.getByLabel(text(auth, 'fields.password')).fill(`${account.password}-wrong`);
    await page.getByRole('button', { name: text(auth, 'login.submit'), exact: true }).click();

    await expect(toast(page, 'Failed to log in. Please check your email and password.')).toBeVisible();
    await expect(page).toHaveURL(pathIs('/login'));
    await expect(page.getByRole('button', { name: text(auth, 'login.submit'), exact: true })).toBeEnabled();

    await page.getByLabel(text(auth, 'fields.password')).fill(account.password);
    await page.getByRole('button', { name: text(auth, 'login.submit'), exact: true }).click();
    await expect(page).toHaveURL(pathIs('/dashboard'));
    await expectBottomNavigation(page);
  });

  test('forgot password: asks for an email, sends the reset email, and the link sets a new password', async ({
    page,
    account,
    consoleGuard,
  }) => {
    await page.goto('/login');
    const forgot = page.getByRole('button', { name: text(auth, 'login.forgot'), exact: true });
    await forgot.click();
    await expect(toast(page, 'Please enter your email address first.')).toBeVisible();

    await page.getByLabel(text(auth, 'fields.email')).fill(account.email);
    await forgot.click();
    await expect(toast(page, 'Password reset email sent! Please check your inbox.')).toBeVisible();

    const link = await passwordResetLink(account.email);
    await page.goto(link);
    await expect(page).toHaveURL((url) => url.pathname === '/reset-password' && Boolean(url.searchParams.get('token')));
    await expect(page.getByRole('heading', { name: text(auth, 'resetPage.title') })).toBeVisible();

    const newPassword = `${account.password}-new`;
    await page.getByLabel(text(auth, 'resetPage.newPassword'), { exact: true }).fill(newPassword);
    await page.getByLabel(text(auth, 'resetPage.confirmPassword'), { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: text(auth, 'resetPage.submit'), exact: true }).click();
    await expect(toast(page, text(auth, 'resetPage.success'))).toBeVisible();
    await expect(page).toHaveURL(pathIs('/login'));

    // The old password no longer works; the new one does.
    consoleGuard.allow({ status: 401, path: '/api/auth/sign-in/email' });
    await page.getByLabel(text(auth, 'fields.email')).fill(account.email);
    await page.getByLabel(text(auth, 'fields.password')).fill(account.password);
    await page.getByRole('button', { name: text(auth, 'login.submit'), exact: true }).click();
    await expect(toast(page, text(auth, 'login.failed'))).toBeVisible();
    await expect(page).toHaveURL(pathIs('/login'));

    await page.getByLabel(text(auth, 'fields.password')).fill(newPassword);
    await page.getByRole('button', { name: text(auth, 'login.submit'), exact: true }).click();
    await expect(page).toHaveURL(pathIs('/dashboard'));
    await expectBottomNavigation(page);
  });
});
