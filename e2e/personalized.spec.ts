import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mainNavigation, pathIs } from './helpers';

/**
 * The personalized 7-day journey end to end, on the real server (its composer writes the 7 days and the
 * embedded voice speaks them): the quiz, day 1 heard on the loading page while the rest is made, the loading page
 * turning into the plan by itself, day 1 to 95%,
 * Come Back Tomorrow, and day 2 opening a day later. The server's clock moves through POST /api/test/clock
 * (ENABLE_TEST_CLOCK in playwright.config.ts) and the browser's through page.clock, in step.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Writing and voicing 7 days takes about a minute; a machine busy with other work needs longer. */
const GENERATION_TIMEOUT_MS = 150_000;
const QUIZ = '/personalized-journey/ancestors';
const PEOPLE = 'My grandmother Rosa, who taught me to pray, and my uncle Jan';
/** The same words in the middle of a sentence ("For ...", "...: ..."): as written, the first word small. */
const PEOPLE_IN_SENTENCE = 'my grandmother Rosa, who taught me to pray, and my uncle Jan';

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
  // The first look at day 1's playlist: the journey is still being made (issue 23).
  const firstPlaylist = page.waitForResponse((response) => /\/streams\/[0-9a-f-]{36}\.day-1\.m3u8/.test(response.url()));
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

  // Day 1 plays here by itself as soon as its first seconds are voiced, while the other days are still made.
  const firstDay = page.getByRole('region', { name: 'Day 1 is ready to hear' });
  await expect(firstDay).toBeVisible({ timeout: 60_000 });
  await expect(firstDay).toContainText('Remembering Ancestors');
  const playlist = await firstPlaylist;
  expect(playlist.status()).toBe(200);
  expect(await playlist.text()).not.toContain('#EXT-X-ENDLIST');
  await expect(firstDay.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(async () => Number(await slider(page).inputValue()), { timeout: 15_000 }).toBeGreaterThan(1);
  await expect(page.getByTestId('mini-player')).toHaveCount(0);

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
  // The people the user wrote, in the written subtitle, as they wrote them: mid-sentence, "My" starts small.
  await expect(page.getByRole('main')).toContainText(`: ${PEOPLE_IN_SENTENCE}`);
  await expect(page.getByText('Praying for:')).toHaveCount(0);
  await expect(page.getByText('0 of 7 completed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New day is available!' })).toBeVisible();
  // Day 1 plays on, in the mini bar.
  await expect(page.getByTestId('mini-player')).toContainText('Remembering Ancestors');
  await page.getByRole('link', { name: 'Begin' }).click();

  // Day 1, like a journey day.
  await expect(page).toHaveURL(pathIs(planPath.replace('/plan/', '/day/') + '/1'));
  await expect(page.getByRole('heading', { level: 1, name: 'Remembering Ancestors' })).toBeVisible();
  await expect(page.getByText('Day 1 of 7')).toBeVisible();
  await expect(page.getByRole('heading', { name: "Today's Verse" })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reflection' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Prayer Focus' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Listen to unlock Day 2' })).toBeDisabled();
  // The audio heard on the loading page goes on here (its finished file took over): no second start.
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(slider(page)).toBeEnabled();
  await expect.poll(async () => Number(await slider(page).inputValue())).toBeGreaterThan(2);
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

  // The dashboard lists it in progress, for the people in the user's words.
  await page.goto('/dashboard?lng=en');
  const section = page.getByRole('region', { name: 'Personalized Journeys' });
  await expect(section.getByText('1 of 7')).toBeVisible();
  await expect(section.getByText(`For ${PEOPLE_IN_SENTENCE}`, { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: /^Continue: / })).toBeVisible();
  await expect(section.locator(`a[href="${QUIZ}"]`)).toContainText('Pray for your family');
});

// ---- with the journey answered by the test (page.route): the server's clock, failures, the dashboard row ----

const JOURNEY_ID = '3b0f6a52-8d1e-4c39-9a57-2f4f1c7d9e10';
const HOUR_MS = 60 * 60 * 1000;

/** A journey detail as GET /api/personalized-journeys/:id answers it, `serverTime` the server's clock. */
function journeyDetail(serverTime: number, overrides: Record<string, unknown> = {}) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const started = serverTime - 26 * HOUR_MS;
  const days = Array.from({ length: 7 }, (_, index) => {
    const dayNumber = index + 1;
    return {
      journeyId: JOURNEY_ID,
      dayNumber,
      status: dayNumber === 1 ? 'completed' : 'generated',
      title: `Day ${dayNumber}`,
      subtitle: '',
      audioUrl: null,
      duration: 180,
      bibleVerse: { text: 'The Lord is my shepherd.', reference: 'Psalm 23:1' },
      reflection: 'A reflection.',
      prayer: 'A prayer.',
      // Day 2 opens two hours from the server's now (not from the device's).
      availableAt: dayNumber === 1 ? iso(started) : iso(serverTime + 2 * HOUR_MS + (dayNumber - 2) * DAY_MS),
      completedAt: dayNumber === 1 ? iso(started + HOUR_MS) : null,
    };
  });
  return {
    id: JOURNEY_ID,
    userId: 'user',
    journeyType: 'ancestors',
    input: 'Rosa',
    status: 'active',
    currentDay: 2,
    totalDays: 7,
    language: 'en',
    startedAt: iso(started),
    createdAt: iso(started),
    updatedAt: iso(started + HOUR_MS),
    completedAt: null,
    error: null,
    title: 'Pray for Your Family',
    subtitle: 'Seven days of prayer for those you love and miss: Rosa',
    days,
    firstDayStream: null,
    serverTime: iso(serverTime),
    ...overrides,
  };
}

/**
 * A fixed-offset zone where it is now about 9 in the morning: the countdown counts calendar days of the phone's
 * zone, so a day two hours away reads "in 2h" only when midnight does not fall in between.
 */
function zoneWhereItIsMorning(): string {
  let offset = (((9 - new Date().getUTCHours()) % 24) + 24) % 24;
  if (offset > 14) offset -= 24;
  // Etc/GMT-N is N hours ahead of UTC (POSIX signs).
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

test.describe('in the morning', () => {
  test.use({ timezoneId: zoneWhereItIsMorning() });

  test("the plan counts down on the server's clock, not on a device clock that runs five hours ahead", async ({ signedInPage: page }) => {
    const serverNow = Date.now();
    await page.clock.install({ time: new Date(serverNow + 5 * HOUR_MS) });
    await page.route(`**/api/personalized-journeys/${JOURNEY_ID}`, (route) => route.fulfill({ json: journeyDetail(Date.now()) }));
    await page.goto(`${QUIZ}/plan/${JOURNEY_ID}?lng=en`);
    // On the device's clock day 2 would be open three hours ago; the server opens it in two hours.
    await expect(dayRow(page, 2)).toHaveAttribute('data-state', 'waiting');
    await expect(dayRow(page, 2)).toContainText(/Available in (1h 59m|2h 0m)/);
    await expect(page.getByRole('heading', { name: /^Available in (1h 59m|2h 0m)$/ })).toBeVisible();
    // Calendar days of the phone's zone: day 3 (26 hours away) opens tomorrow, day 4 (50 hours) in 2 days.
    await expect(dayRow(page, 3)).toContainText('Available tomorrow');
    await expect(dayRow(page, 4)).toContainText('Available in 2 days');
  });
});

test('a day id is read like parseInt: /day/{id}/01 and /day/{id}/1.9 are day 1', async ({ signedInPage: page }) => {
  await page.route(`**/api/personalized-journeys/${JOURNEY_ID}`, (route) => route.fulfill({ json: journeyDetail(Date.now()) }));
  for (const id of ['01', '1.9']) {
    await page.goto(`${QUIZ}/day/${JOURNEY_ID}/${id}?lng=en`);
    await expect(page).toHaveURL(pathIs(`${QUIZ}/day/${JOURNEY_ID}/${id}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Remembering Ancestors' })).toBeVisible();
    await expect(page.getByText('Day 1 of 7')).toBeVisible();
  }
});

test('a failed journey shows a message for people, never the stored error', async ({ signedInPage: page }) => {
  let error = 'GENERATION_TIMED_OUT';
  await page.route(`**/api/personalized-journeys/${JOURNEY_ID}`, (route) =>
    route.fulfill({ json: journeyDetail(Date.now(), { status: 'failed', error, days: [], title: null, subtitle: null, startedAt: null }) }),
  );
  await page.goto(`${QUIZ}/plan/${JOURNEY_ID}?lng=en`);
  await expect(page).toHaveURL(pathIs(`${QUIZ}/loading`));
  await expect(page.getByRole('alert')).toHaveText('Journey generation is taking longer than expected. Please try again.');

  for (const stored of ['GENERATION_FAILED', 'Error: connect ECONNREFUSED 127.0.0.1:11434']) {
    error = stored;
    await page.goto(`${QUIZ}/plan/${JOURNEY_ID}?lng=en`);
    await expect(page).toHaveURL(pathIs(`${QUIZ}/loading`));
    await expect(page.getByRole('alert')).toHaveText('Failed to generate journey');
    await expect(page.getByText('ECONNREFUSED')).toHaveCount(0);
  }
});

test('the dashboard row says Failed to load personalized journey when the journeys cannot load', async ({
  signedInPage: page,
  consoleGuard,
}) => {
  consoleGuard.allow({ status: 500, path: '/api/personalized-journeys' });
  await page.route('**/api/personalized-journeys', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Something broke' } } }),
  );
  await page.goto('/dashboard?lng=en');
  const section = page.getByRole('region', { name: 'Personalized Journeys' });
  await expect(section.getByText('Failed to load personalized journey', { exact: true })).toBeVisible();
  // The way to start a new one is still there.
  await expect(section.locator(`a[href="${QUIZ}"]`)).toContainText('Pray for your family');
});
