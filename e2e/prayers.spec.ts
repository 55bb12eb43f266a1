import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pathIs } from './helpers';

/**
 * Personal prayers end to end, on the real server with the built-in composer and the embedded voice:
 * the quiz creates a prayer, the library shows it generating and completing by itself (live events, no
 * reload), it plays, search finds it by a word of its description, and statistics count it.
 */

const position = async (page: Page): Promise<number> => Number(await page.getByRole('slider', { name: 'Playback position' }).inputValue());

test('quiz -> the library shows the prayer generating -> it completes by itself -> it plays; search and statistics find it', async ({
  signedInPage: page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/quiz?lng=en');
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await page.getByRole('button', { name: /^Prayer/ }).click();

  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  const description = page.getByLabel('Describe what is on your heart');
  const create = page.getByRole('button', { name: 'Create My Prayer' });
  await expect(create).toBeDisabled();
  await description.fill('   ');
  await expect(create).toBeDisabled();
  await description.fill('Courage for my brother Tomasz before his exams');
  await description.press('Enter');
  await expect(description).not.toBeFocused();
  await expect(description).toHaveValue('Courage for my brother Tomasz before his exams');
  await expect(page).toHaveURL(pathIs('/quiz'));
  await create.click();

  // The library shows the card generating, then completing, without a reload.
  await expect(page).toHaveURL(pathIs('/library'));
  const generating = page.locator('[aria-busy="true"]');
  await expect(generating.first()).toBeVisible();
  await expect(generating.first()).toContainText(/Generating Prayer\.\.\.|Processing\.\.\./);
  const played = page.getByRole('button', { name: /, Play$/ });
  await expect(played).toHaveCount(1, { timeout: 60_000 });
  await expect(generating).toHaveCount(0);

  await played.click();
  await expect(page).toHaveURL(pathIs('/player'));
  // A 3-minute prayer: its text is folded under See more, and it carries the person's own words.
  await page.getByRole('button', { name: 'See more' }).click();
  await expect(page.getByRole('region', { name: 'Prayer text' })).toContainText('Courage for my brother Tomasz before his exams');
  await expect(page.getByText(/^\d:\d\d \/ [23]:\d\d$/)).toBeVisible();
  await expect.poll(() => position(page), { timeout: 15_000 }).toBeGreaterThan(1);

  // Search finds it by a word of its description.
  await page.goto('/search?lng=en');
  await expect(page.getByText('Start typing to search for prayers')).toBeVisible();
  await page.getByRole('searchbox').fill('tomasz');
  await expect(page.getByRole('button', { name: /, Play$/ }).first()).toBeVisible();
  await expect(page).toHaveURL(/q=tomasz/);
  await page.getByRole('searchbox').fill('zzzqqq');
  await expect(page.getByText(/zzzqqq/)).toBeVisible();
  await expect(page.getByRole('button', { name: /, Play$/ })).toHaveCount(0);

  // Statistics count it.
  await page.goto('/statistics?lng=en');
  await expect(page.getByRole('heading', { name: 'Your Statistics' })).toBeVisible();
  const total = page.getByRole('heading', { name: 'Total Generated' }).locator('..');
  await expect(total).toContainText('1');
  const month = page.getByRole('heading', { name: 'This Month' }).locator('..');
  await expect(month).toContainText('1');
  await expect(month).toContainText('of 5');
});

test('choosing a focus on step 3 creates at once; at the monthly limit the quiz goes to the paywall', async ({ signedInPage: page }) => {
  test.setTimeout(90_000);
  // Four more prayers through the API use up the Free plan's five (the quiz makes the fifth).
  for (let i = 0; i < 4; i += 1) {
    const response = await page.request.post('/api/create-affirmation', {
      data: { recordId: crypto.randomUUID(), length: 3, topic: 'peace', experience: 'prayer', description: `API ${i}`, userGoals: [] },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto('/quiz?lng=en');
  await page.getByRole('button', { name: /^Bible Meditation/ }).click();
  await page.getByRole('button', { name: 'Choose From Options' }).click();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Choose From Options' }).click();
  await page.getByRole('button', { name: /^Healing/ }).click();
  await expect(page).toHaveURL(pathIs('/library'));

  // The sixth attempt this month goes to the paywall.
  await page.goto('/quiz?lng=en');
  await page.getByRole('button', { name: /^Prayer/ }).click();
  await page.getByRole('button', { name: 'Choose From Options' }).click();
  await page.getByRole('button', { name: /^Peace/ }).click();
  await expect(page).toHaveURL(pathIs('/paywall'));
  await expect(page.getByRole('heading', { name: 'Unlock Your Spiritual Journey' })).toBeVisible();
  await expect(page.getByText('5/5 prayers used')).toBeVisible();
  await page.getByRole('button', { name: 'Start Your Journey' }).click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeVisible();
  await expect(page).toHaveURL(pathIs('/subscription'));
});
