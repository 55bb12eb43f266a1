// Initial JavaScript of the web app, gzipped (budget 170 KB): the entry script, everything it imports, and what
// main.tsx loads at once by dynamic import (the router and the app), with their imports; followed through
// Vite's manifest. The home screen's page, which the router loads next, is listed apart. Usage: npm run
// bench:bundle (builds first when sources changed).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(Object.keys(manifest).find((key) => manifest[key] === entry));
// main.tsx's dynamic imports of the router and the app run at start-up (it awaits them right away). main.tsx sits
// in a chunk the entry imports (vite-start-up-chunks.ts), so they are looked up on every chunk loaded so far. Other
// dynamic imports of those chunks (the native shell's plugins, push, purchases) load only when called.
// The start-up chunks are named by vite-start-up-chunks.ts (vite.config.ts).
const START_UP_CHUNKS = new Set(['start', 'router', 'app']);
for (const file of [...files]) {
  const chunk = Object.values(manifest).find((candidate) => candidate.file === file);
  for (const key of chunk?.dynamicImports ?? []) if (START_UP_CHUNKS.has(manifest[key]?.name)) visit(key);
}

let raw = 0;
let gzipped = 0;
console.log('| file | raw | gzipped |');
console.log('| --- | --- | --- |');
for (const file of [...files].filter((name) => name.endsWith('.js'))) {
  const bytes = readFileSync(path.join(dist, file));
  const gz = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzipped += gz;
  console.log(`| /${file} | ${(bytes.length / 1024).toFixed(1)} KB | ${(gz / 1024).toFixed(1)} KB |`);
}
console.log(`| total initial JS | ${(raw / 1024).toFixed(1)} KB | ${(gzipped / 1024).toFixed(1)} KB |`);
// The home screen's own chunk (named by vite-start-up-chunks.ts), which the router loads for /dashboard.
const home = Object.values(manifest).find((chunk) => chunk.name === 'home' && !files.has(chunk.file));
if (home) {
  const bytes = readFileSync(path.join(dist, home.file));
  console.log(
    `| then /${home.file} (the home screen) | ${(bytes.length / 1024).toFixed(1)} KB | ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} KB |`,
  );
}
console.log(`budget 170 KB gzipped -> ${gzipped / 1024 <= 170 ? 'within' : 'OVER'}`);
