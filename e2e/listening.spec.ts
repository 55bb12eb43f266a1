import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pathIs } from './helpers';

/**
 * Listening: the dashboard in en, es and pl, a card that really plays, the player's controls, the
 * minimized bar, and a category. The server voices the small fixture content set at start.
 */

interface FeedShape {
  dailyPrayers: unknown[];
  popularPrayers: unknown[];
  categories: Array<{ id: string; items: unknown[] }>;
}

test.beforeAll(async ({ request }, testInfo) => {
  testInfo.setTimeout(240_000);
  // The import runs in the background after the server starts: wait until everything is voiced.
  await expect
    .poll(
      async () => {
        const feed = (await (await request.get('/api/feed?lng=en')).json()) as FeedShape;
        return (
          feed.dailyPrayers.length > 0 &&
          feed.popularPrayers.length === 2 &&
          feed.categories.some((c) => c.id === 'peace' && c.items.length > 0)
        );
      },
      { timeout: 180_000, intervals: [1000] },
    )
    .toBe(true);
});

const position = async (page: Page): Promise<number> => Number(await page.getByRole('slider', { name: 'Playback position' }).inputValue());

/** The player's region holding the words of the prayer (player.text). */
const PRAYER_TEXT = 'Prayer text';

test('the dashboard in English shows Prayer of the Day, popular prayers and categories', async ({ page }) => {
  await page.goto('/dashboard?lng=en');
  const daily = page.getByRole('region', { name: 'Prayer of the Day' });
  await expect(daily).toBeVisible();
  await expect(daily.getByText('Today', { exact: true })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Popular Prayers' })
      .getByRole('button', { name: /^Morning Offering en .*, (Play|Reproducir|Odtwórz)$/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Faith' })).toHaveCount(0); // no items in the fixture's faith category
  await expect(page.getByRole('heading', { name: 'Peace' })).toBeVisible();
  const card = page.getByRole('button', { name: /^Morning Offering en .*, (Play|Reproducir|Odtwórz)$/ });
  expect((await card.boundingBox())?.width).toBe(280);
  // Signed out, the create card leads to /login.
  await expect(page.getByRole('link', { name: /Create Your Prayer/ })).toHaveAttribute('href', '/login');
});

test('the dashboard in Spanish says Hoy, and Polish has no daily prayers', async ({ page }) => {
  await page.goto('/dashboard?lng=es');
  const daily = page.getByRole('region', { name: 'Oración del día' });
  await expect(daily.getByText('Hoy', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Morning Offering es .*, (Play|Reproducir|Odtwórz)$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Paz' })).toBeVisible();

  await page.goto('/dashboard?lng=pl');
  await expect(page.getByRole('button', { name: /^Morning Offering pl .*, (Play|Reproducir|Odtwórz)$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Modlitwa dnia' })).toHaveCount(0);
});

test('durations are written with the units of the language: hr min sec, h min s, godz. min s', async ({ page }) => {
  const units = {
    en: { play: 'Play', unit: '(hr|min|sec)' },
    es: { play: 'Reproducir', unit: '(h|min|s)' },
    pl: { play: 'Odtwórz', unit: '(godz\\.|min|s)' },
  } as const;
  for (const [language, { play, unit }] of Object.entries(units)) {
    await page.goto(`/dashboard?lng=${language}`);
    const card = page.getByRole('button', { name: new RegExp(`^Morning Offering ${language} `) });
    await expect(card.first()).toBeVisible();
    // The card's name ends with its duration, then the action: "3 min 5 s, Reproducir".
    await expect(card.first()).toHaveAccessibleName(new RegExp(`^Morning Offering ${language} \\d+ ${unit}( \\d+ ${unit})*, ${play}$`));
    if (language !== 'en') await expect(card.first()).not.toHaveAccessibleName(/ (sec|hr)\b/);
  }
});

test('a long row shows every card as it is scrolled or tabbed through, and rows below come as the page scrolls', async ({
  page,
  request,
}) => {
  // Twelve popular prayers, as the real content has (the fixture has two): the same cards under new names.
  const feed = (await (await request.get('/api/feed?lng=en')).json()) as FeedShape & {
    popularPrayers: Array<{ id: string; title: string }>;
  };
  const popular = Array.from({ length: 12 }, (_, i) => ({
    ...feed.popularPrayers[i % 2]!,
    id: `row-${i + 1}`,
    title: `Row Prayer ${i + 1}`,
  }));
  await page.route('**/api/feed?lng=en', (route) => route.fulfill({ json: { ...feed, popularPrayers: popular } }));
  await page.goto('/dashboard?lng=en');

  const row = page.getByRole('region', { name: 'Popular Prayers' });
  const card = (n: number) => row.getByRole('button', { name: new RegExp(`^Row Prayer ${n} .*, Play$`) });
  await expect(card(1)).toBeVisible();
  // Swiping along the row brings the last card.
  await card(3).scrollIntoViewIfNeeded();
  await card(12).scrollIntoViewIfNeeded();
  await expect(card(12)).toBeInViewport();

  // Tabbing through a fresh row reaches every card too.
  await page.reload();
  await card(1).focus();
  for (let n = 2; n <= 12; n++) {
    await page.keyboard.press('Tab');
    await expect(card(n)).toBeFocused();
  }

  // The Peace row, further down, has its cards once scrolled to.
  const peace = page.getByRole('region', { name: 'Peace' });
  await peace.scrollIntoViewIfNeeded();
  await expect(peace.getByRole('button', { name: /^Still Waters en .*, Play$/ })).toBeInViewport();
});

test('a card opens the player, the audio plays, skips clamp, minimize and restore, swipe closes the bar', async ({ page }) => {
  await page.goto('/dashboard?lng=en');
  await page.getByRole('button', { name: /^Evening Rest en .*, (Play|Reproducir|Odtwórz)$/ }).click();
  await expect(page).toHaveURL(pathIs('/player'));
  await expect(page.getByRole('heading', { name: 'Evening Rest en', level: 1 })).toBeVisible();
  // The words, which the feed leaves out of its cards, are there too.
  await expect(page.getByRole('region', { name: PRAYER_TEXT })).toContainText('Lord, you are near.');

  // Real playback: the position moves on.
  await expect.poll(() => position(page), { timeout: 15_000 }).toBeGreaterThan(1);
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

  // Back 15 s from under 15 s stops at 0.
  await page.getByRole('button', { name: 'Back 15 seconds' }).click();
  expect(await position(page)).toBeLessThan(1.5);

  // Repeat is on by default; with it off, skipping past the end stops at the duration.
  const repeat = page.getByRole('button', { name: 'Repeat' });
  await expect(repeat).toHaveAttribute('aria-pressed', 'true');
  await repeat.click();
  await expect(repeat).toHaveAttribute('aria-pressed', 'false');
  const max = Number(await page.getByRole('slider', { name: 'Playback position' }).getAttribute('max'));
  // The fixture prayer lasts some 29 s (voice only since issue 22, without the bed's long lead-in and tail):
  // several skips of 15 s, the last one clamped at the end.
  expect(max).toBeGreaterThan(25);
  for (let i = 0; i < Math.ceil(max / 15) + 1; i++) await page.getByRole('button', { name: 'Forward 15 seconds' }).click();
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  // At the end: the slider (whole-second steps) sits at its last step, and the clock shows the full duration.
  expect(await position(page)).toBeGreaterThanOrEqual(max - 1);
  const clock = page.getByTestId('player-audio-time').locator('span');
  await expect(clock.first()).toHaveText((await clock.last().innerText()).trim());

  // Play again from the start, then minimize: the bar shows on the dashboard.
  await page.getByRole('button', { name: 'Back 15 seconds' }).click();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('button', { name: 'Minimize player' }).click();
  await expect(page).toHaveURL(pathIs('/dashboard'));
  const bar = page.getByTestId('mini-player');
  await expect(bar).toBeVisible();

  // Tapping the bar restores the full player.
  await bar.getByRole('button', { name: 'Open player: Evening Rest en' }).click();
  await expect(page).toHaveURL(pathIs('/player'));
  await page.getByRole('button', { name: 'Minimize player' }).click();
  await expect(bar).toBeVisible();

  // Dragging the bar down more than 50 px pauses and closes it.
  const box = (await bar.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 40, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 90, { steps: 4 });
  await page.mouse.up();
  await expect(bar).toHaveCount(0);
});

test('skipping forward past the end of a paused prayer with repeat on stops at the end and does not play it again', async ({ page }) => {
  await page.goto('/dashboard?lng=en');
  await page.getByRole('button', { name: /^Evening Rest en .*, Play$/ }).click();
  await expect(page).toHaveURL(pathIs('/player'));
  await expect.poll(() => position(page), { timeout: 15_000 }).toBeGreaterThan(1);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Repeat' })).toHaveAttribute('aria-pressed', 'true');

  const max = Number(await page.getByRole('slider', { name: 'Playback position' }).getAttribute('max'));
  for (let i = 0; i < Math.ceil(max / 15) + 2; i++) await page.getByRole('button', { name: 'Forward 15 seconds' }).click();
  // Clamped to the duration, and still paused there: repeat starts again only a prayer that was playing.
  expect(await position(page)).toBeGreaterThanOrEqual(max - 1);
  await page.waitForTimeout(1500);
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  expect(await position(page)).toBeGreaterThanOrEqual(max - 1);
  const clock = page.getByTestId('player-audio-time').locator('span');
  await expect(clock.first()).toHaveText((await clock.last().innerText()).trim());

  // Play then starts it from the beginning.
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect.poll(() => position(page)).toBeLessThan(max - 1);
});

test('View all opens the category with its cards and the Create Your Prayer card', async ({ page }) => {
  await page.goto('/dashboard?lng=en');
  await page.getByRole('region', { name: 'Peace' }).getByRole('button', { name: 'View all' }).click();
  await expect(page).toHaveURL(pathIs('/category'));
  await expect(page.getByRole('heading', { name: 'Peace', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Still Waters en .*, (Play|Reproducir|Odtwórz)$/ })).toContainText(/\d+ min|\d+ sec/);
  await expect(page.getByRole('link', { name: /Create Your Prayer/ })).toHaveAttribute('href', '/login');
  await page.getByRole('button', { name: /^Still Waters en .*, (Play|Reproducir|Odtwórz)$/ }).click();
  await expect(page).toHaveURL(pathIs('/player'));
  await expect(page.getByRole('heading', { name: 'Still Waters en', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: PRAYER_TEXT })).toContainText('Lord, you are near.');
});

test('a card opened at once shows its words, fetched once', async ({ page }) => {
  let asked = 0;
  await page.route('**/api/content/texts**', async (route) => {
    asked += 1;
    await route.continue();
  });
  await page.goto('/dashboard?lng=es');
  await page.getByRole('button', { name: /^Morning Offering es .*, Reproducir$/ }).click();
  await expect(page).toHaveURL(pathIs('/player'));
  await expect(page.getByRole('region', { name: 'Texto de la oración' })).toContainText('Señor, tú estás cerca.');
  // Counted as the route reports it, which may come a moment after the words show.
  await expect.poll(() => asked).toBe(1);
});

test('/player without a track goes to the dashboard', async ({ page }) => {
  await page.goto('/player');
  await expect(page).toHaveURL(pathIs('/dashboard'));
});
