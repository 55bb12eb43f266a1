/* global window, document, requestAnimationFrame, Element -- the functions given to page.addInitScript and page.evaluate run in the page */
// Quiz submit to first sound of a personal prayer (issue 23, goal 1.5 s), on the embedded default (PGlite, the
// composer, espeak-ng, ffmpeg), in Chromium: a new person fills the quiz and taps Create My Prayer; the prayer
// opens in the player by itself once its first seconds are out, while the rest is still being voiced. Measured
// from the tap (pointerdown) to the audio's 'playing', to its first advance, and to its first word (the 0.3 s
// lead-in heard); and, the baseline of the same run, from the tap to the whole prayer being complete (what a
// person waited for before it played). Median of --rounds (5), after one round that warms the process up.
// With --journey, the same for a personalized journey: from the tap on Generate Your Prayer Challenge to day 1's
// first word on the loading page, and to the whole journey (7 days) ready.
// Usage: npm run bench:first-sound [-- --rounds 5] [-- --latency 100] [-- --journey]
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { median, root, sleep, startServer } from './server.mjs';

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const rounds = Number(option('rounds', 5));
/** Round-trip time added to every request (Chromium's network emulation), as a phone's network has. */
const latencyMs = Number(option('latency', 0));
const GOAL_MS = 1500;
const journey = process.argv.includes('--journey');
/** What a person does: a personal prayer through the quiz, or a personalized journey through its own. */
const flow = journey
  ? {
      page: '/personalized-journey/ancestors?lng=en',
      fill: async (page) => page.getByLabel('Who do you want to pray for?').fill('My grandmother Rosa and my uncle Jan'),
      button: 'Generate Your Prayer Challenge',
      request: '/api/create-personalized-journey',
      idOf: (body) => body.journeyId,
      statusOf: async (response) => (response.ok() ? (await response.json()).status : 'generating'),
      statusUrl: (id) => `/api/personalized-journeys/${id}`,
      done: 'active',
      what: 'personalized journeys of 7 days',
      whole: 'the whole journey ready (baseline)',
    }
  : {
      page: '/quiz?lng=en',
      fill: async (page) => {
        await page.getByRole('button', { name: /^Prayer/ }).click();
        await page.getByLabel('Describe what is on your heart').fill('Strength for my sister as she starts a new job');
      },
      button: 'Create My Prayer',
      request: '/api/create-affirmation',
      idOf: (body) => body.recordId,
      // Not created yet (the page's request is still on its way, with added latency): asked again.
      statusOf: async (response) => (response.ok() ? (await response.json()).record.status : 'pending'),
      statusUrl: (id) => `/api/records/${id}`,
      done: 'completed',
      what: 'personal prayers of 3 minutes',
      whole: 'the whole prayer complete (baseline)',
    };
/** The quiet before the first word of a personal prayer (master/timeline.ts LEAD_IN_SECONDS.plain). */
const LEAD_IN_SECONDS = 0.3;

const server = startServer(8197, {
  env: {
    DATA_DIR: path.join(root, '.tmp/bench-first-sound'),
    CONTENT_DIR: path.join(root, 'apps/server/test/fixtures/content'),
    NODE_ENV: 'production',
    SIGN_UP_RATE_LIMIT_MAX: '1000',
    AUTH_RATE_LIMIT_MAX: '1000',
  },
});
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

async function round() {
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
  const { origin } = server;
  const signUp = await page.request.post(`${origin}/api/auth/sign-up/email`, {
    headers: { origin },
    data: { email: `first-sound-${Date.now()}-${Math.random().toString(36).slice(2)}@bench.local`, password: 'bench password 1', name: '' },
  });
  if (!signUp.ok()) throw new Error(`sign-up answered ${signUp.status()}`);
  await page.addInitScript(
    ({ leadIn }) => {
      const marks = (window.__marks = {});
      // 'timeupdate' comes only every 250 ms: the position is read at every frame instead.
      const watch = () => {
        const audio = document.querySelector('[data-testid="player-audio"]');
        // hls.js plays from a blob: address; unlock()'s moment of silence (also a blob) lasts a fraction of a millisecond.
        const heard = audio && !audio.paused && audio.currentSrc.startsWith('blob:') && audio.duration > 0.01 ? audio.currentTime : 0;
        if (heard > 0) marks.advancing ??= performance.now();
        if (heard >= leadIn) marks.firstWord = performance.now();
        else requestAnimationFrame(watch);
      };
      document.addEventListener(
        'pointerdown',
        (event) => {
          if (!(event.target instanceof Element) || !event.target.closest('button[type="submit"]')) return;
          marks.tap ??= performance.now();
          requestAnimationFrame(watch);
        },
        true,
      );
      document.addEventListener(
        'playing',
        (event) => {
          if (marks.tap !== undefined && event.target.duration > 0.01) marks.playing ??= performance.now();
        },
        true,
      );
    },
    { leadIn: LEAD_IN_SECONDS },
  );
  await page.goto(`${origin}${flow.page}`, { waitUntil: 'networkidle' });
  await flow.fill(page);
  await page.waitForTimeout(500);
  const created = page.waitForRequest((request) => request.url().endsWith(flow.request));
  const tapped = Date.now();
  await page.getByRole('button', { name: flow.button }).click();
  const id = flow.idOf((await created).postDataJSON());
  // The whole of it: complete (asked every 20 ms, beside the page).
  let whole;
  for (;;) {
    const status = await flow.statusOf(await page.request.get(`${origin}${flow.statusUrl(id)}`));
    if (status === flow.done) {
      whole = Date.now() - tapped;
      break;
    }
    if (status === 'failed') throw new Error('the generation failed');
    if (Date.now() - tapped > 120_000) throw new Error('the generation took over two minutes');
    await sleep(20);
  }
  await page.waitForFunction(() => window.__marks.firstWord !== undefined, null, { timeout: 30_000 });
  const marks = await page.evaluate(() => window.__marks);
  await context.close();
  return { playing: marks.playing - marks.tap, advancing: marks.advancing - marks.tap, firstWord: marks.firstWord - marks.tap, whole };
}

const results = [];
let warmUp;
try {
  await server.ready;
  warmUp = await round();
  for (let i = 0; i < rounds; i += 1) results.push(await round());
} finally {
  await browser.close();
  await server.stop();
}

console.log(`\nmachine: ${cpus().length} x ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
console.log(
  `Chromium headless, 390x844, ${rounds} ${flow.what}, each by a new person through the quiz, ` +
    `${latencyMs > 0 ? `${latencyMs} ms added to every request's round trip` : 'no added latency (localhost)'}`,
);
console.log(`| from the tap on ${flow.button} to | median | each | first of the process |`);
console.log('| --- | --- | --- | --- |');
const labels = {
  playing: "the audio's 'playing'",
  advancing: 'the audio advancing',
  firstWord: 'the first word (after the 0.3 s lead-in)',
  whole: flow.whole,
};
for (const [key, label] of Object.entries(labels)) {
  const values = results.map((result) => result[key]);
  console.log(
    `| ${label} | ${median(values).toFixed(0)} ms | ${values.map((v) => v.toFixed(0)).join(', ')} | ${warmUp[key].toFixed(0)} ms |`,
  );
}
const firstWord = median(results.map((result) => result.firstWord));
const whole = median(results.map((result) => result.whole));
console.log(`\nfirst word at ${(firstWord / whole).toFixed(2)} of the time to the whole`);
console.log(
  `goal: submit to first sound at most ${GOAL_MS} ms -> ${firstWord <= GOAL_MS ? 'met' : 'NOT met'} (${firstWord.toFixed(0)} ms)`,
);
