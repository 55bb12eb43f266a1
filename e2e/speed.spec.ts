import { expect, test } from './fixtures';

/**
 * Issue 23: a tap on a card is heard at once. Once the dashboard is idle, the cards on screen have the start of
 * their audio fetched ahead (a byte range, once each); the cards off screen do not, until they come into view.
 * The tap's own request then starts from what is in the browser's cache.
 */

test.beforeAll(async ({ request }, testInfo) => {
  testInfo.setTimeout(240_000);
  await expect
    .poll(
      async () => {
        const feed = (await (await request.get('/api/feed?lng=en')).json()) as { popularPrayers: unknown[] };
        return feed.popularPrayers.length === 2;
      },
      { timeout: 180_000, intervals: [1000] },
    )
    .toBe(true);
});

const WARM_RANGE = 'bytes=0-32767';
/** Cards are 280 px wide with 20 px of margin and 16 px between: the second of a row starts at 316 px. */
const VIEW = { width: 312, height: 700 };

test('the cards on screen, and only they, have their audio’s start fetched ahead; a tap plays from it', async ({ page }) => {
  // A narrow phone: the first card of the row fills the width, and the next starts just past its edge.
  await page.setViewportSize(VIEW);
  const warmed: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/media/') && request.headers()['range'] === WARM_RANGE) warmed.push(new URL(request.url()).pathname);
  });
  await page.goto('/dashboard?lng=en');
  const cards = page.locator('main button[aria-label$=", Play"]');
  await expect(cards.first()).toBeVisible();

  // Which cards are on screen now, and which audio each would play (the feed says it by title).
  const feed = (await (await page.request.get('/api/feed?lng=en')).json()) as {
    dailyPrayers: { title: string; audioUrl: string }[];
    popularPrayers: { title: string; audioUrl: string }[];
    categories: { items: { title: string; audioUrl: string }[] }[];
  };
  const audioOf = new Map<string, string>();
  for (const card of [...feed.dailyPrayers, ...feed.popularPrayers, ...feed.categories.flatMap((category) => category.items)]) {
    audioOf.set(card.title, new URL(card.audioUrl, 'http://x').pathname);
  }
  const onScreen = async () => {
    const shown = new Set<string>();
    for (const card of await cards.all()) {
      const box = await card.boundingBox();
      if (!box || box.y >= VIEW.height || box.y + box.height <= 0 || box.x >= VIEW.width || box.x + box.width <= 0) continue;
      const label = (await card.getAttribute('aria-label')) ?? '';
      for (const [title, audio] of audioOf) if (label.includes(title)) shown.add(audio);
    }
    return shown;
  };

  const visible = await onScreen();
  expect(visible.size).toBeGreaterThan(0);
  await expect.poll(() => new Set(warmed).size).toBe(visible.size);
  expect(new Set(warmed)).toEqual(visible);
  // Once each.
  expect(warmed.length).toBe(new Set(warmed).size);

  // A card off screen (further down, or further along its row) is fetched ahead only when it comes into view.
  let hidden: { index: number; audio: string } | undefined;
  for (const [index, card] of (await cards.all()).entries()) {
    const label = (await card.getAttribute('aria-label')) ?? '';
    const audio = [...audioOf].find(([title]) => label.includes(title))?.[1];
    if (audio && !visible.has(audio)) {
      hidden = { index, audio };
      break;
    }
  }
  expect(hidden, 'a card off screen').toBeDefined();
  expect(warmed).not.toContain(hidden!.audio);
  await cards.nth(hidden!.index).scrollIntoViewIfNeeded();
  await expect.poll(() => warmed).toContain(hidden!.audio);

  // The tap plays: its audio element starts and its position moves.
  await cards.first().scrollIntoViewIfNeeded();
  await cards.first().click();
  const audio = page.getByTestId('player-audio');
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime > 0 && !element.paused)).toBe(true);
});
