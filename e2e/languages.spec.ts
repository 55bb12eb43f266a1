import { en, expect, readLocale, test, text } from './fixtures';

/** The login screen's visible texts. */
const LOGIN_KEYS = [
  'login.title',
  'login.description',
  'login.submit',
  'login.forgot',
  'login.noAccount',
  'login.toRegister',
  'fields.email',
  'fields.password',
];

for (const lng of ['es', 'pl'] as const) {
  test(`/login?lng=${lng} is shown in ${lng}`, async ({ page }) => {
    const translated = readLocale(lng, 'auth');
    await page.goto(`/login?lng=${lng}`);

    await expect(page.locator('html')).toHaveAttribute('lang', lng);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(translated, 'login.title'));
    await expect(page.getByText(text(translated, 'login.description'), { exact: true })).toBeVisible();
    await expect(page.getByLabel(text(translated, 'fields.email'), { exact: true })).toBeVisible();
    await expect(page.getByLabel(text(translated, 'fields.password'), { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: text(translated, 'login.submit'), exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: text(translated, 'login.forgot'), exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: text(translated, 'login.toRegister'), exact: true })).toBeVisible();
    await expect(page.getByText(text(translated, 'login.noAccount'))).toBeVisible();
    await expect(page.getByRole('button', { name: text(translated, 'social.continueWithGoogle'), exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: text(translated, 'social.signInWithApple'), exact: true })).toBeVisible();

    // No English text of the login section is left on the screen (unless the translation is the same words).
    const translatedTexts = LOGIN_KEYS.map((key) => text(translated, key));
    const englishLogin = Object.values(en.auth.login as Record<string, string>);
    for (const english of englishLogin) {
      if (translatedTexts.some((candidate) => candidate.includes(english))) continue;
      await expect(page.locator('body'), `English "${english}" on the ${lng} login screen`).not.toContainText(english, {
        useInnerText: true,
      });
    }
  });
}
