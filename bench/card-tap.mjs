/* global window, document, requestAnimationFrame -- the functions given to page.addInitScript and page.evaluate run in the page */
// Card tap to first sound in Chromium (issue 23, goal 300 ms): on a warm dashboard (loaded, idle), the time from
// the tap on a default prayer's card to the audio element's first 'playing' event and to its first advance of
// currentTime (the voice is heard). Median of --rounds (5) taps, each on a fresh page.
// Usage: npm run bench:card-tap [-- --rounds 5] [-- --latency 100]
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { median, root, startServer } from './server.mjs';

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const rounds = Number(option('rounds', 5));
/** Round-trip time added to every request (Chromium's network emulation), as a phone's network has. */
const latencyMs = Number(option('latency', 0));
const GOAL_MS = 300;

const server = startServer(8193, {
  env: {
    DATA_DIR: path.join(root, '.tmp/bench-card-tap'),
    CONTENT_DIR: path.join(root, 'apps/server/test/fixtures/content'),
    NODE_ENV: 'production',
  },
});
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const taps = [];
try {
  await server.ready;
  for (let round = 0; round < rounds; round += 1) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    if (latencyMs > 0) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: latencyMs,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    }
    await page.addInitScript(() => {
      const marks = (window.__tapMarks = {});
      // 'timeupdate' comes only every 250 ms: the position is read at every frame instead.
      const watch = () => {
        const audio = document.querySelector('[data-testid="player-audio"]');
        if (audio && audio.currentTime > 0 && !audio.paused) marks.sounding = performance.now();
        else requestAnimationFrame(watch);
      };
      document.addEventListener(
        'pointerdown',
        () => {
          marks.tap ??= performance.now();
          requestAnimationFrame(watch);
        },
        true,
      );
      document.addEventListener('playing', () => (marks.playing ??= performance.now()), true);
    });
    await page.goto(`${server.origin}/dashboard?lng=en`, { waitUntil: 'networkidle' });
    const card = page.getByRole('button', { name: /, Play$/ }).first();
    await card.waitFor();
    // Warm: everything the page fetches on its own has arrived and it has been idle a moment.
    await page.waitForTimeout(1000);
    await card.click();
    await page.waitForFunction(() => window.__tapMarks.sounding !== undefined, null, { timeout: 20_000 });
    const marks = await page.evaluate(() => window.__tapMarks);
    taps.push({ playing: marks.playing - marks.tap, sounding: marks.sounding - marks.tap });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

console.log(`\nmachine: ${cpus().length} x ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
console.log(
  `Chromium headless, 390x844, ${rounds} taps on the first default prayer's card of a warm dashboard, ` +
    `${latencyMs > 0 ? `${latencyMs} ms added to every request's round trip` : 'no added latency (localhost)'}`,
);
console.log('| measure | median | each tap |');
console.log('| --- | --- | --- |');
for (const key of ['playing', 'sounding']) {
  const values = taps.map((tap) => tap[key]);
  console.log(
    `| tap to ${key === 'playing' ? "'playing'" : 'currentTime advancing'} | ${median(values).toFixed(0)} ms | ${values.map((v) => v.toFixed(0)).join(', ')} |`,
  );
}
const result = median(taps.map((tap) => tap.sounding));
console.log(`\ngoal: tap to sound at most ${GOAL_MS} ms -> ${result <= GOAL_MS ? 'met' : 'NOT met'} (${result.toFixed(0)} ms)`);
