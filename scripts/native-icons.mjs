// `node scripts/native-icons.mjs`: draws the iOS and Android apps' icons and splash screens from Selah's mark (the
// flame of apps/web/public/favicon.svg) and the web app's own splash (index.html), in Chromium, at every size the
// Capacitor projects hold, over the template's pictures. Run it after changing the mark; the pictures are committed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const INDIGO = '#3d4a7a';
const CANVAS = '#f6f2ea';

/** The flame and candle of the favicon, on a 64-unit square. */
const FLAME = `<path d="M32 14c-2 8-10 12-10 21a10 10 0 0 0 20 0c0-9-8-13-10-21z" fill="#e9c98b"/><rect x="30" y="40" width="4" height="12" rx="2" fill="${CANVAS}"/>`;

/** An icon: `shape` square (iOS masks it itself), rounded, round, or the adaptive icon's foreground alone. */
function icon(shape) {
  const background =
    shape === 'foreground'
      ? ''
      : `<rect width="64" height="64" ${shape === 'rounded' ? 'rx="14"' : shape === 'round' ? 'rx="32"' : ''} fill="${INDIGO}"/>`;
  // The adaptive icon's foreground keeps its mark in the middle 66% (Android crops the rest to its own shape).
  const mark =
    shape === 'foreground'
      ? `<g transform="translate(32 32) scale(0.62) translate(-32 -33)">${FLAME}</g>`
      : `<g transform="translate(0 -1)">${FLAME}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="100%" height="100%">${background}${mark}</svg>`;
}

/** The splash: the web app's own (index.html's boot splash), so the native one gives way to it unseen. */
function splash(width, height) {
  const unit = Math.min(width, height) / 390;
  return `<div style="position:fixed;inset:0;background:${CANVAS};display:flex;flex-direction:column;align-items:center;justify-content:center;gap:${24 * unit}px">
    <div style="width:${80 * unit}px;height:${80 * unit}px;border-radius:50%;background:#f3e6cc;box-shadow:0 0 ${60 * unit}px rgba(184,137,58,.35);display:flex;align-items:center;justify-content:center">
      <div style="width:${40 * unit}px;height:${40 * unit}px;border-radius:50%;background:rgba(133,99,42,.8)"></div>
    </div>
    <p style="margin:0;font-family:'Iowan Old Style',Georgia,serif;font-size:${48 * unit}px;line-height:1;letter-spacing:.3em;color:${INDIGO}">SELAH</p>
  </div>`;
}

const pngs = (dir) =>
  readdirSync(dir, { recursive: true })
    .map((file) => path.join(dir, String(file)))
    .filter((file) => file.endsWith('.png') && statSync(file).isFile());

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage();

async function draw(file, width, height, html, transparent) {
  await page.setViewportSize({ width, height });
  await page.setContent(`<html><body style="margin:0;width:${width}px;height:${height}px;overflow:hidden">${html}</body></html>`);
  await page.screenshot({ path: file, omitBackground: transparent, clip: { x: 0, y: 0, width, height } });
  console.log(`${path.relative(root, file)} ${width}x${height}`);
}

/** A PNG's size, from its header (IHDR: width and height after the signature). */
const sizeOf = (file) => {
  const header = readFileSync(file);
  return { width: header.readUInt32BE(16), height: header.readUInt32BE(20) };
};

for (const file of [...pngs(path.join(web, 'android/app/src/main/res')), ...pngs(path.join(web, 'ios/App/App/Assets.xcassets'))]) {
  const { width, height } = sizeOf(file);
  const name = path.basename(file);
  if (name.startsWith('splash')) await draw(file, width, height, splash(width, height), false);
  else if (name === 'ic_launcher_foreground.png') await draw(file, width, height, icon('foreground'), true);
  else if (name === 'ic_launcher_round.png') await draw(file, width, height, icon('round'), true);
  else if (name === 'ic_launcher.png') await draw(file, width, height, icon('rounded'), true);
  else if (name.startsWith('AppIcon')) await draw(file, width, height, icon('square'), false);
}
await browser.close();
