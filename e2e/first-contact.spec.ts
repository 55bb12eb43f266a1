import { networkInterfaces } from 'node:os';
import { en, expect, test, text, uniqueEmail } from './fixtures';
import { pathIs, toast } from './helpers';

const auth = en.auth;
const port = Number(process.env.E2E_PORT ?? 8181);

/** The machine's own (non-loopback) IPv4 address, as a phone on the same network would open it. */
function ownAddress(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  return undefined;
}

const hosts = ['127.0.0.1', 'localhost', ...(ownAddress() ? [ownAddress()!] : [])];

test.describe('first contact at every address the app is opened at', () => {
  for (const host of hosts) {
    test(`registers, signs out and signs in again at http://${host}:${port}`, async ({ page }) => {
      const origin = `http://${host}:${port}`;
      const email = uniqueEmail(`at-${host.replace(/\W/g, '')}`);
      const password = 'a quiet morning psalm';

      await page.goto(`${origin}/registerpage`);
      await page.getByLabel(text(auth, 'fields.email')).fill(email);
      await page.getByLabel(text(auth, 'fields.password')).fill(password);
      await page.getByRole('button', { name: text(auth, 'register.submit'), exact: true }).click();
      await expect(page).toHaveURL(pathIs('/dashboard'));
      expect(new URL(page.url()).host).toBe(`${host}:${port}`);

      await page.goto(`${origin}/security`);
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page).toHaveURL(pathIs('/login'));

      await page.getByLabel(text(auth, 'fields.email')).fill(email);
      await page.getByLabel(text(auth, 'fields.password')).fill(password);
      await page.getByRole('button', { name: text(auth, 'login.submit'), exact: true }).click();
      await expect(page).toHaveURL(pathIs('/dashboard'));
      // Signed in at this address: the profile opens instead of sending back to /login.
      await page.goto(`${origin}/userprofile`);
      await expect(page).toHaveURL(pathIs('/userprofile'));
    });
  }

  test('a common password is refused at registration with a reason the person can act on', async ({ page, consoleGuard }) => {
    consoleGuard.allow({ status: 400, path: '/api/auth/sign-up/email' });
    await page.goto(`http://127.0.0.1:${port}/registerpage`);
    await page.getByLabel(text(auth, 'fields.email')).fill(uniqueEmail('weak'));
    await page.getByLabel(text(auth, 'fields.password')).fill('password');
    await page.getByRole('button', { name: text(auth, 'register.submit'), exact: true }).click();
    await expect(toast(page, text(auth, 'password.tooCommon'))).toBeVisible();
    await expect(page).toHaveURL(pathIs('/registerpage'));

    await page.getByLabel(text(auth, 'fields.password')).fill('1234567');
    await page.getByRole('button', { name: text(auth, 'register.submit'), exact: true }).click();
    await expect(toast(page, text(auth, 'password.tooShort'))).toBeVisible();
  });

  test('repeated wrong passwords make the account wait, and the login page says so', async ({ page, account, consoleGuard }) => {
    consoleGuard.allow({ status: 401, path: '/api/auth/sign-in/email' });
    consoleGuard.allow({ status: 429, path: '/api/auth/sign-in/email' });
    await page.goto('/login');
    await page.getByLabel(text(auth, 'fields.email')).fill(account.email);
    for (let i = 0; i < 6; i += 1) {
      await page.getByLabel(text(auth, 'fields.password')).fill(`wrong password ${i}`);
      await page.getByRole('button', { name: text(auth, 'login.submit'), exact: true }).click();
      await expect(toast(page, text(auth, 'login.failed')).last()).toBeVisible();
      await expect(page.getByRole('button', { name: text(auth, 'login.submit'), exact: true })).toBeEnabled();
    }
    await page.getByLabel(text(auth, 'fields.password')).fill(account.password);
    await page.getByRole('button', { name: text(auth, 'login.submit'), exact: true }).click();
    await expect(toast(page, text(auth, 'login.tooManyAttempts'))).toBeVisible();
    await expect(page).toHaveURL(pathIs('/login'));
  });
});
