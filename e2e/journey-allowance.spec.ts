import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pathIs } from './helpers';

/**
 * Issue 34, item 8: personalized journeys have no plan quota. One is made at a time and a generous number a day,
 * said on the quiz before the person writes; a refused journey is never shown as "Journey not found", not even
 * after a reload. The day's cap is the server's (PERSONALIZED_JOURNEYS_PER_DAY, integration-tested in
 * journey-limits.test.ts); here its answers are played by page.route, as a person at the cap would get them.
 */

const QUIZ = '/personalized-journey/ancestors';

async function answerAllowance(
  page: Page,
  allowance: { remainingToday: number; generatingJourneyId: string | null; nextAt: string | null },
) {
  await page.route('**/api/personalized-journeys/allowance', (route) =>
    route.fulfill({ json: { perDay: 10, ...allowance }, headers: { 'cache-control': 'no-store' } }),
  );
}

test('the quiz says how journeys are made before the person writes, and a Free person is never told of a plan quota', async ({
  signedInPage: page,
}) => {
  await page.goto(`${QUIZ}?lng=en`);
  await expect(page.getByText('Journeys are made one at a time, up to 10 a day.')).toBeVisible();
  await expect(page.getByText(/your plan allows|Upgrade your plan/)).toHaveCount(0);
  await page.goto('/subscription?lng=en');
  await expect(page.getByRole('listitem', { name: 'Free' })).toBeVisible();
  await expect(page.getByText(/personalized journeys? a month/)).toHaveCount(0);
});

test('at the day’s cap the quiz says when the next may start, with Generate disabled', async ({ signedInPage: page }) => {
  await answerAllowance(page, {
    remainingToday: 0,
    generatingJourneyId: null,
    nextAt: new Date(Date.now() + 3 * 3600_000 - 60_000).toISOString(),
  });
  await page.goto(`${QUIZ}?lng=en`);
  await expect(page.getByRole('status').filter({ hasText: 'as one day allows' })).toHaveText(
    'You have started as many journeys as one day allows. You can start another one in 3 hours.',
  );
  await page.getByLabel('Who do you want to pray for?').fill('my grandmother Rosa');
  await expect(page.getByRole('button', { name: 'Generate Your Prayer Challenge' })).toBeDisabled();
});

test('while a journey is made the quiz says so and links to it', async ({ signedInPage: page }) => {
  await page.goto(`${QUIZ}?lng=en`);
  await page.getByLabel('Who do you want to pray for?').fill('my uncle Jan');
  await page.getByRole('button', { name: 'Generate Your Prayer Challenge' }).click();
  await expect(page).toHaveURL(pathIs(`${QUIZ}/loading`));
  await page.goto(`${QUIZ}?lng=en`);
  await expect(page.getByText('Your other journey is still being prepared. You can start a new one once it is ready.')).toBeVisible();
  await page.getByLabel('Who do you want to pray for?').fill('my grandfather Piotr');
  await expect(page.getByRole('button', { name: 'Generate Your Prayer Challenge' })).toBeDisabled();
  await page.getByRole('link', { name: 'See how it is coming along' }).click();
  await expect(page).toHaveURL(pathIs(`${QUIZ}/loading`));
  await expect(page.getByText('my uncle Jan', { exact: true })).toBeVisible();
});

test('a journey refused for the day’s cap says so, also after a reload, never "Journey not found"', async ({
  signedInPage: page,
  consoleGuard,
}) => {
  consoleGuard.allow({ status: 429, path: '/api/create-personalized-journey' });
  await page.route('**/api/create-personalized-journey', (route) =>
    route.fulfill({
      status: 429,
      json: { error: { code: 'JOURNEY_DAILY_LIMIT', message: 'You have started 10 personalized journeys in the last day.' } },
    }),
  );
  await page.goto(`${QUIZ}?lng=en`);
  await page.getByLabel('Who do you want to pray for?').fill('my grandmother Rosa');
  await page.getByRole('button', { name: 'Generate Your Prayer Challenge' }).click();
  const told = 'You have started as many personalized journeys as one day allows. You can start another one later.';
  await expect(page.getByRole('alert')).toHaveText(told);
  // No Try Again that cannot work; the way home stays.
  await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(told);
  await expect(page.getByText('Journey not found')).toHaveCount(0);
});
