import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pathIs } from './helpers';

/**
 * Issue 22's player: the words follow the voice and a tap seeks, the sleep timer fades and pauses, the speed is
 * remembered across a reload, and the chosen background sound is mixed in the player (Web Audio) while the
 * voice plays. The server voices the small fixture content set at start, cues included.
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

const position = async (page: Page): Promise<number> => Number(await page.getByRole('slider', { name: 'Playback position' }).inputValue());
const audioElement = (page: Page) => page.getByTestId('player-audio');
const currentLine = async (page: Page): Promise<number> =>
  Number((await page.locator('[data-cue][aria-current="true"]').getAttribute('data-cue', { timeout: 15_000 })) ?? -1);

async function openEveningRest(page: Page): Promise<void> {
  await page.goto('/dashboard?lng=en');
  await page.getByRole('button', { name: /^Evening Rest en .*, Play$/ }).click();
  await expect(page).toHaveURL(pathIs('/player'));
}

test('the spoken line is highlighted and follows the playback; a tap on a line plays from there', async ({ page }) => {
  await openEveningRest(page);
  const words = page.getByRole('region', { name: 'Prayer text' });
  // The title is spoken first, then each line of the prayer.
  await expect(words.getByRole('button', { name: 'Play from: Evening Rest en.' })).toBeVisible();
  const first = await currentLine(page);
  await expect.poll(() => currentLine(page), { timeout: 20_000 }).toBeGreaterThan(first);

  // A tap on a later line moves the audio to where that line is spoken, and marks it.
  const lines = page.locator('[data-cue]');
  const target = (await lines.count()) - 2;
  await lines.nth(target).click();
  await expect.poll(() => currentLine(page)).toBeGreaterThanOrEqual(target);
  const before = await position(page);
  expect(before).toBeGreaterThan(15);
  // The line is kept in view inside the words' box.
  await expect(lines.nth(target)).toBeInViewport();
});

test('the sleep timer shows its time on both players, fades the voice over its last 10 s, then pauses', async ({ signedInPage: page }) => {
  await page.clock.install();
  await openEveningRest(page);
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Sleep timer', exact: true }).click();
  await page.getByRole('group', { name: 'Sleep timer' }).getByRole('button', { name: '5 minutes', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Sleep timer: [45]:\d\d left$/ })).toBeVisible();
  await expect(audioElement(page)).toHaveJSProperty('volume', 1);

  // Shown on the minimized bar too, and kept while moving between pages.
  await page.getByRole('button', { name: 'Minimize player' }).click();
  await expect(page.getByTestId('mini-sleep')).toHaveAttribute('aria-label', /^Sleep timer on: [45]:\d\d left$/);
  await page.getByRole('link', { name: 'Library', exact: true }).click();
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByTestId('mini-sleep')).toBeVisible();

  // The clock held still from here, and moved on by hand to about five seconds before the end: half faded.
  const shown = /(\d+):(\d\d) left$/.exec((await page.getByTestId('mini-sleep').getAttribute('aria-label')) ?? '');
  const remaining = Number(shown![1]) * 60 + Number(shown![2]);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
  await page.clock.runFor((remaining - 2 - 5) * 1000);
  await expect.poll(() => audioElement(page).evaluate((audio: HTMLAudioElement) => audio.volume)).toBeLessThan(0.6);
  expect(await audioElement(page).evaluate((audio: HTMLAudioElement) => audio.volume)).toBeGreaterThan(0.3);
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();

  // At the end: paused, the timer gone, the volume back for next time.
  await page.clock.runFor(6_000);
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(page.getByTestId('mini-sleep')).toHaveCount(0);
  await expect(audioElement(page)).toHaveJSProperty('volume', 1);
});

test('"End of prayer" stops at the end of the prayer instead of repeating it', async ({ page }) => {
  await openEveningRest(page);
  await page.getByRole('button', { name: 'Sleep timer', exact: true }).click();
  await page.getByRole('button', { name: 'End of prayer', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sleep timer: at the end of this prayer' })).toBeVisible();
  // Near the end: repeat is on, yet the prayer stops there.
  const max = Number(await page.getByRole('slider', { name: 'Playback position' }).getAttribute('max'));
  await page.getByRole('slider', { name: 'Playback position' }).fill(String(max - 3));
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible({ timeout: 15_000 });
  expect(await position(page)).toBeGreaterThanOrEqual(max - 1);
  await expect(page.getByRole('button', { name: 'Sleep timer', exact: true })).toBeVisible();
});

test('the speed is kept for the person: chosen once, it is the speed after a reload', async ({ signedInPage: page }) => {
  await openEveningRest(page);
  await page.getByRole('button', { name: 'Speed 1×' }).click();
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/me') && response.request().method() === 'PATCH');
  await page.getByRole('group', { name: 'Playback speed' }).getByRole('button', { name: '1.25×' }).click();
  expect((await saved).status()).toBe(200);
  await expect(audioElement(page)).toHaveJSProperty('playbackRate', 1.25);

  await page.reload();
  await openEveningRest(page);
  await expect(page.getByRole('button', { name: 'Speed 1.25×' })).toBeVisible();
  await expect(audioElement(page)).toHaveJSProperty('playbackRate', 1.25);
});

test('the chosen background sound plays under the voice, looping, and stops when the voice pauses', async ({ signedInPage: page }) => {
  // Counts the Web Audio sources the player starts and stops (the bed is mixed there, not in the file).
  await page.addInitScript(() => {
    const counts = { started: 0, stopped: 0, loops: [] as Array<[number, number]> };
    (window as unknown as { bedCounts: typeof counts }).bedCounts = counts;
    const { start, stop } = AudioBufferSourceNode.prototype;
    AudioBufferSourceNode.prototype.start = function (...args: Parameters<typeof start>) {
      counts.started += 1;
      counts.loops.push([this.loopStart, this.loopEnd]);
      return start.apply(this, args);
    };
    AudioBufferSourceNode.prototype.stop = function (...args: Parameters<typeof stop>) {
      counts.stopped += 1;
      return stop.apply(this, args);
    };
  });
  const bedCounts = () => page.evaluate(() => (window as unknown as { bedCounts: { started: number; stopped: number } }).bedCounts);
  await openEveningRest(page);
  await page.getByRole('button', { name: 'Sound: Soft pad' }).click();
  const sounds = (await (await page.request.get('/api/sounds')).json()) as { sounds: Array<{ id: string; audioUrl: string }> };
  const rain = sounds.sounds.find((sound) => sound.id === 'rain')!;
  const loaded = page.waitForResponse((response) => response.url().endsWith(rain.audioUrl));
  await page.getByRole('group', { name: 'Background sound' }).getByRole('button', { name: 'Gentle rain' }).click();
  expect((await loaded).status()).toBe(200);
  await expect.poll(async () => (await bedCounts()).started).toBeGreaterThanOrEqual(1);
  const loops = await page.evaluate(() => (window as unknown as { bedCounts: { loops: Array<[number, number]> } }).bedCounts.loops);
  expect(loops.at(-1)).toEqual([1, 61]);

  await page.getByRole('slider', { name: 'Background sound volume' }).fill('30');
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect.poll(async () => (await bedCounts()).stopped).toBeGreaterThanOrEqual(1);

  // Kept for the person.
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/me')).json()) as { player: { backgroundSound: string } }).player.backgroundSound,
    )
    .toBe('rain');
});
