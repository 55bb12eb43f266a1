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

for (const lng of ['es', 'pl'] as const) {
  test(`on a phone the dashboard's section titles in ${lng} stay on one line beside View all`, async ({ page, request }) => {
    test.setTimeout(240_000);
    // The content is voiced after the server starts: wait for the popular prayers.
    await expect
      .poll(
        async () => ((await (await request.get(`/api/feed?lng=${lng}`)).json()) as { popularPrayers: unknown[] }).popularPrayers.length,
        {
          timeout: 180_000,
          intervals: [1000],
        },
      )
      .toBeGreaterThan(0);
    const common = readLocale(lng, 'common');
    await page.goto(`/dashboard?lng=${lng}`);
    const popular = page.getByRole('heading', { name: text(common, 'dashboard.popular'), exact: true });
    await expect(popular).toBeVisible();
    const viewAll = page.getByRole('region', { name: text(common, 'dashboard.popular') }).getByRole('button', {
      name: text(common, 'dashboard.viewAll'),
      exact: true,
    });
    await expect(viewAll).toBeVisible();
    // Beside the title, on its line.
    const [titleBox, actionBox] = [await popular.boundingBox(), await viewAll.boundingBox()];
    expect(actionBox!.x).toBeGreaterThan(titleBox!.x + titleBox!.width);
    expect(actionBox!.y + actionBox!.height / 2).toBeGreaterThan(titleBox!.y);
    expect(actionBox!.y + actionBox!.height / 2).toBeLessThan(titleBox!.y + titleBox!.height);
    const titles = page.locator('section h2');
    expect(await titles.count()).toBeGreaterThan(2);
    // The test's phone is 390 px wide; many are 360.
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 800 });
      for (const title of await titles.all()) {
        const lines = await title.evaluate((node) => node.getBoundingClientRect().height / parseFloat(getComputedStyle(node).lineHeight));
        expect(lines, `"${await title.textContent()}" takes ${lines} lines at ${width} px`).toBeLessThan(1.5);
      }
    }
  });
}
