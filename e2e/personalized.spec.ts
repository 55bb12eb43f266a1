import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mainNavigation, pathIs } from './helpers';

/**
 * The personalized 7-day journey end to end, on the real server (its composer writes the 7 days and the
 * embedded voice speaks them): the quiz, the loading page turning into the plan by itself, day 1 to 95%,
 * Come Back Tomorrow, and day 2 opening a day later. The server's clock moves through POST /api/test/clock
 * (ENABLE_TEST_CLOCK in playwright.config.ts) and the browser's through page.clock, in step.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Writing and voicing 7 days takes about a minute; a machine busy with other work needs longer. */
const GENERATION_TIMEOUT_MS = 150_000;
const QUIZ = '/personalized-journey/ancestors';
const PEOPLE = 'My grandmother Rosa, who taught me to pray, and my uncle Jan';

const slider = (page: Page): Locator => page.getByRole('slider', { name: 'Playback position' });
const dayRow = (page: Page, day: number): Locator => page.getByTestId(`plan-day-${day}`);

test('the Generate button stays disabled until something is written', async ({ signedInPage: page }) => {
  await page.goto(`${QUIZ}?lng=en`);
  await expect(page.getByRole('heading', { name: 'Pray for your family' })).toBeVisible();
  const input = page.getByLabel('Who do you want to pray for?');
  const generate = page.getByRole('button', { name: 'Generate Your Prayer Challenge' });
  await expect(input).toHaveAttribute('required', '');
  await expect(generate).toBeDisabled();
  await input.fill('   \n   ');
  await expect(generate).toBeDisabled();
  await input.fill('  Rosa  ');
  await expect(generate).toBeEnabled();
  await input.fill('');
  await expect(generate).toBeDisabled();
});

test('quiz -> loading -> plan by itself; day 1 to 95%, Come Back Tomorrow; a day later day 2 is available', async ({
  signedInPage: page,
}) => {
  test.setTimeout(300_000);
  // The browser's clock is Playwright's from the start, so it can follow the server's a day ahead later.
  await page.clock.install();

  await page.goto(`${QUIZ}?lng=en`);
  await page.getByLabel('Who do you want to pray for?').fill(`  ${PEOPLE}  `);
  await page.getByRole('button', { name: 'Generate Your Prayer Challenge' }).click();

  // The loading page: no bottom navigation, the words the user wrote, messages that change every 3 s.
  await expect(page).toHaveURL(pathIs(`${QUIZ}/loading`));
  await expect(page.getByRole('heading', { name: 'Preparing your prayer challenge' })).toBeVisible();
  await expect(page.getByText('Praying for:')).toBeVisible();
  await expect(page.getByText(PEOPLE, { exact: true })).toBeVisible();
  await expect(mainNavigation(page)).toHaveCount(0);
  const message = page.getByTestId('loading-message');
  const first = await message.innerText();
  expect(first.length).toBeGreaterThan(0);
  await expect(message).not.toHaveText(first, { timeout: 5_000 });

  // The server writes and voices the 7 days (about a minute; more on a busy machine); the page moves on by
  // itself (live events, a 5 s poll as fallback).
  await expect(page).toHaveURL(/\/personalized-journey\/ancestors\/plan\/[0-9a-f-]{36}$/, { timeout: GENERATION_TIMEOUT_MS });
  const planPath = new URL(page.url()).pathname;
  await expect(mainNavigation(page)).toBeVisible();
  const titles = [
    'Remembering Ancestors',
    'Honoring Their Memory',
    'Seeking Peace',
    'Finding Comfort',
    'Celebrating Their Life',
    'Giving Thanks',
    'Moving Forward',
  ];
  for (const [index, title] of titles.entries()) await expect(dayRow(page, index + 1)).toContainText(title);
  await expect(dayRow(page, 1)).toHaveAttribute('data-state', 'open');
  // Later days wait for their time: day 2 opens a day after the start, day 4 three days after... (whole minutes
  // rounded up: in the first minute day 2 still reads 24 h away, "tomorrow").
  await expect(dayRow(page, 2)).toHaveAttribute('data-state', 'waiting');
  await expect(dayRow(page, 2)).toContainText(/Available (tomorrow|in 23h \d{1,2}m)/);
  await expect(dayRow(page, 4)).toContainText(/Available in [23] days/);
  // The people the user wrote, in the written subtitle (or under Praying for: when it does not name them).
  await expect(page.getByRole('main')).toContainText(PEOPLE);
  await expect(page.getByText('0 of 7 completed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New day is available!' })).toBeVisible();
  await page.getByRole('link', { name: 'Begin' }).click();

  // Day 1, like a journey day.
  await expect(page).toHaveURL(pathIs(planPath.replace('/plan/', '/day/') + '/1'));
  await expect(page.getByRole('heading', { level: 1, name: 'Remembering Ancestors' })).toBeVisible();
  await expect(page.getByText('Day 1 of 7')).toBeVisible();
  await expect(page.getByRole('heading', { name: "Today's Verse" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reflection' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Prayer Focus' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Listen to unlock Day 2' })).toBeDisabled();
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(slider(page)).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  const max = Number(await slider(page).getAttribute('max'));
  expect(max).toBeGreaterThan(20);
  await slider(page).fill(String(Math.ceil(max * 0.96)));

  const modal = page.getByRole('dialog', { name: 'Day 1 completed' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Continue Listening' })).toBeVisible();
  await modal.getByRole('button', { name: 'Come Back Tomorrow' }).click();

  // Back on the plan: day 1 done, day 2 waits a day.
  await expect(page).toHaveURL(pathIs(planPath));
  await expect(dayRow(page, 1)).toHaveAttribute('data-state', 'completed');
  await expect(dayRow(page, 2)).toHaveAttribute('data-state', 'waiting');
  await expect(dayRow(page, 2)).toContainText(/Available (tomorrow|in 23h \d{1,2}m)/);
  await expect(page.getByText('1 of 7 completed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New day is available!' })).toHaveCount(0);

  // A day later, on both clocks: day 2 is open.
  const moved = await page.request.post('/api/test/clock', { data: { advanceMs: DAY_MS } });
  expect(moved.status(), await moved.text()).toBe(200);
  await page.clock.fastForward(DAY_MS);
  await page.reload();
  await expect(dayRow(page, 2)).toHaveAttribute('data-state', 'open');
  await expect(page.getByRole('heading', { name: 'New day is available!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Your Journey' })).toBeVisible();
  await expect(dayRow(page, 3)).toHaveAttribute('data-state', 'waiting');
  await expect(dayRow(page, 3)).toContainText(/Available (tomorrow|in 23h \d{1,2}m)/);

  // The dashboard lists it in progress.
  await page.goto('/dashboard?lng=en');
  const section = page.getByRole('region', { name: 'Personalized Journeys' });
  await expect(section.getByText('1 of 7')).toBeVisible();
  await expect(section.getByRole('button', { name: /^Continue: / })).toBeVisible();
  await expect(section.locator(`a[href="${QUIZ}"]`)).toContainText('Pray for your family');
});
