import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pathIs } from './helpers';

/**
 * Fixed journeys end to end on the fixture content (faith-boost and quiet-peace, 5 voiced days each):
 * the dashboard cards, starting, listening to day 1 past 92%, the completion modal, day 2 unlocking on the
 * plan, pause and resume, the minimized bar returning to the day, route errors, and Spanish content.
 */

interface JourneyShape {
  days: Array<{ dayNumber: number; audioUrl: string | null }>;
}

test.beforeAll(async ({ request }, testInfo) => {
  testInfo.setTimeout(240_000);
  // The import runs in the background after the server starts: wait until both journeys are voiced.
  await expect
    .poll(
      async () => {
        for (const id of ['faith-boost', 'quiet-peace']) {
          const response = await request.get(`/api/journeys/${id}?lng=en`);
          if (!response.ok()) return false;
          const journey = (await response.json()) as JourneyShape;
          if (journey.days.length !== 5 || journey.days.some((day) => !day.audioUrl)) return false;
        }
        return true;
      },
      { timeout: 180_000, intervals: [1000] },
    )
    .toBe(true);
});

const slider = (page: Page): Locator => page.getByRole('slider', { name: 'Playback position' });
const position = async (page: Page): Promise<number> => Number(await slider(page).inputValue());

/** Plays the day and moves the position to 95% through the slider: the completion modal opens at 92%. */
async function listenPastThreshold(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => position(page), { timeout: 15_000 }).toBeGreaterThan(0);
  const max = Number(await slider(page).getAttribute('max'));
  expect(max).toBeGreaterThan(5);
  await slider(page).fill(String(Math.ceil(max * 0.95)));
}

function dayRow(page: Page, day: number): Locator {
  return page
    .getByRole('region', { name: 'Days' })
    .getByRole('listitem')
    .filter({ hasText: `Faith Day ${day} en` });
}

test('a signed-out visitor sees the journey cards and the plan; Start Journey asks to sign in', async ({ page }) => {
  await page.goto('/dashboard?lng=en');
  const section = page.getByRole('region', { name: 'Spiritual Journeys' });
  await expect(section).toBeVisible();
  const card = section.getByRole('article', { name: 'Faith Boost en' });
  await expect(card).toContainText('5 days · ');
  expect((await card.boundingBox())?.width).toBe(280);
  // Signed out: no progress and no Start button on the card.
  await expect(card.getByRole('button')).toHaveCount(0);
  // Two journeys: View all opens the faith-boost plan.
  await section.getByRole('button', { name: 'View all' }).click();
  await expect(page).toHaveURL(pathIs('/journey-plan/faith-boost'));

  await expect(page.getByRole('heading', { name: 'Faith Boost en', level: 1 })).toBeVisible();
  await expect(page.getByText('0 of 5 completed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ready to Begin' })).toBeVisible();
  await expect(dayRow(page, 1)).toContainText('Current');
  await expect(dayRow(page, 2).getByRole('link')).toHaveCount(0);
  await page.getByRole('button', { name: 'Start Journey' }).click();
  await expect(page).toHaveURL(pathIs('/login'));
});

test('start from the dashboard, complete day 1 in the modal, day 2 unlocks; pause and resume from the plan', async ({
  signedInPage: page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/dashboard?lng=en');
  const card = page.getByRole('region', { name: 'Spiritual Journeys' }).getByRole('article', { name: 'Faith Boost en' });
  await expect(card).toContainText('0 of 5');
  await card.getByRole('button', { name: 'Start: Faith Boost en' }).click();

  // Day 1: title, verse, the folded reflection, and a locked next day.
  await expect(page).toHaveURL(pathIs('/journey-day/faith-boost/1'));
  await expect(page.getByRole('heading', { name: 'Faith Day 1 en', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: "Today's Verse" })).toContainText('Psalm 119:105');
  const reflection = page.getByRole('region', { name: 'Reflection' });
  await expect(reflection).toContainText('…');
  await reflection.getByRole('button', { name: 'See more' }).click();
  await expect(reflection).toContainText('not the whole road.');
  await reflection.getByRole('button', { name: 'See less' }).click();
  await expect(reflection).not.toContainText('not the whole road.');
  await expect(page.getByRole('button', { name: 'Listen to unlock Day 2' })).toBeDisabled();
  await expect(page.getByText("Complete today's session to unlock")).toBeVisible();

  // Past 92%: the completion modal; going on marks day 1 completed and opens day 2.
  await listenPastThreshold(page);
  const modal = page.getByRole('dialog', { name: 'Day 1 completed' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Go to Day 2' }).click();
  await expect(page).toHaveURL(pathIs('/journey-day/faith-boost/2'));
  await expect(page.getByRole('heading', { name: 'Faith Day 2 en', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Day 1', exact: true })).toBeVisible();
  // Leaving day 1 saved where the user was listening (the playback record behind Resume).
  await expect
    .poll(async () => {
      const { progress } = (await (await page.request.get('/api/journey-progress/faith-boost')).json()) as {
        progress: { completedDays: number[]; lastPlayedDay: number | null };
      };
      return { completedDays: progress.completedDays, lastPlayedDay: progress.lastPlayedDay };
    })
    .toEqual({ completedDays: [1], lastPlayedDay: 1 });

  // Day 1's audio plays on in the minimized bar (keepAudio); tapping it returns to day 1.
  const bar = page.getByTestId('mini-player');
  await bar.getByRole('button', { name: 'Open player: Faith Day 1 en' }).click();
  await expect(page).toHaveURL(pathIs('/journey-day/faith-boost/1'));
  await expect(bar).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Day 2', exact: true })).toBeVisible();

  // The plan: 1 of 5, day 1 completed, day 2 current, day 3 locked.
  await page.goto('/journey-plan/faith-boost?lng=en');
  await expect(page.getByText('1 of 5 completed')).toBeVisible();
  await expect(dayRow(page, 1)).toContainText('Completed');
  await expect(dayRow(page, 2)).toContainText('Current');
  await expect(dayRow(page, 3).getByRole('link')).toHaveCount(0);
  await expect(dayRow(page, 3)).toContainText('Locked');

  // Pause, then resume: back to the current day.
  await page.getByRole('button', { name: 'Pause Journey' }).click();
  await expect(page.getByRole('heading', { name: 'Journey Paused' })).toBeVisible();
  await page.goto('/dashboard?lng=en');
  await expect(card.getByRole('button', { name: 'Resume: Faith Boost en' })).toBeVisible();
  await expect(card).toContainText('Paused');
  await page.goto('/journey-plan/faith-boost?lng=en');
  await page.getByRole('button', { name: 'Resume Journey' }).click();
  await expect(page).toHaveURL(pathIs('/journey-day/faith-boost/2'));

  // Day 2 with Continue Listening: completed, the page stays, day 3 opens up.
  await listenPastThreshold(page);
  const second = page.getByRole('dialog', { name: 'Day 2 completed' });
  await second.getByRole('button', { name: 'Continue Listening' }).click();
  await expect(second).toBeHidden();
  await expect(page).toHaveURL(pathIs('/journey-day/faith-boost/2'));
  await expect(page.getByRole('link', { name: 'Day 3', exact: true })).toBeVisible();

  await page.goto('/dashboard?lng=en');
  await expect(card).toContainText('2 of 5');
  await expect(card.getByRole('button', { name: 'Continue: Faith Boost en' })).toBeVisible();
});

test("a locked day says Complete today's session to unlock once, and its next day is a disabled Listen to unlock button", async ({
  signedInPage: page,
}) => {
  // Not started: day 3 is locked (day 2 is not completed).
  await page.goto('/journey-day/faith-boost/3?lng=en');
  await expect(page.getByRole('heading', { name: 'This day is still locked' })).toBeVisible();
  await expect(page.getByText("Complete today's session to unlock", { exact: true })).toHaveCount(1);
  const next = page.getByRole('button', { name: 'Listen to unlock Day 4' });
  await expect(next).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Day 4', exact: true })).toHaveCount(0);
  // The way on is the day to listen to now.
  await expect(page.getByRole('link', { name: 'Go to Day 1' })).toBeVisible();
});

test('day ids are read as integers, like parseInt: /01 and /1.9 are day 1, /02 is day 2', async ({ page }) => {
  for (const id of ['01', '1.9']) {
    await page.goto(`/journey-day/faith-boost/${id}?lng=en`);
    await expect(page).toHaveURL(pathIs(`/journey-day/faith-boost/${id}`));
    await expect(page.getByRole('heading', { name: 'Faith Day 1 en', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: "Today's Verse" })).toContainText('Psalm 119:105');
  }
  await page.goto('/journey-day/faith-boost/02?lng=en');
  await expect(page).toHaveURL(pathIs('/journey-day/faith-boost/02'));
  await expect(page.getByRole('heading', { name: 'This day is still locked' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Listen to unlock Day 3' })).toBeVisible();
});

test('a bad day id goes to the plan with the error, a bad journey to the dashboard; both clear after 5 s', async ({
  page,
  consoleGuard,
}) => {
  await page.goto('/journey-day/faith-boost/abc?lng=en');
  await expect(page).toHaveURL(pathIs('/journey-plan/faith-boost'));
  const error = page.getByRole('alert').filter({ hasText: 'Failed to load day content' });
  await expect(error).toBeVisible();
  await expect(error).toBeHidden({ timeout: 8_000 });

  await page.goto('/journey-day/faith-boost/99?lng=en');
  await expect(page).toHaveURL(pathIs('/journey-plan/faith-boost'));
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load day content' })).toBeVisible();

  consoleGuard.allow({ status: 404, path: '/api/journeys/no-such-journey' });
  await page.goto('/journey-plan/no-such-journey?lng=en');
  await expect(page).toHaveURL(pathIs('/dashboard'));
  const journeyError = page.getByRole('alert').filter({ hasText: 'Failed to load journey' });
  await expect(journeyError).toBeVisible();
  await expect(journeyError).toBeHidden({ timeout: 8_000 });
});

test('with ?lng=es the plan, the days and the dashboard section are in Spanish', async ({ page }) => {
  await page.goto('/journey-plan/faith-boost?lng=es');
  await expect(page.getByRole('heading', { name: 'Impulso de fe es', level: 1 })).toBeVisible();
  await expect(page.getByText('0 de 5 completados')).toBeVisible();
  await expect(page.getByRole('link', { name: /Fe Día 1 es/ })).toBeVisible();
  await page.getByRole('link', { name: /Fe Día 1 es/ }).click();
  await expect(page.getByRole('heading', { name: 'Fe Día 1 es', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Versículo de hoy' })).toContainText('Salmo 119:105');

  await page.goto('/dashboard?lng=es');
  await expect(page.getByRole('region', { name: 'Caminos espirituales' }).getByRole('article', { name: 'Impulso de fe es' })).toBeVisible();
});
