// Initial JavaScript of the web app: the scripts index.html loads and preloads, gzipped (budget 170 KB).
// Usage: npm run bench:bundle (builds first when sources changed).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
let raw = 0;
let gzipped = 0;
console.log('| file | raw | gzipped |');
console.log('| --- | --- | --- |');
for (const file of new Set(files)) {
  const bytes = readFileSync(path.join(dist, file));
  const gz = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzipped += gz;
  console.log(`| ${file} | ${(bytes.length / 1024).toFixed(1)} KB | ${(gz / 1024).toFixed(1)} KB |`);
}
console.log(`| total initial JS | ${(raw / 1024).toFixed(1)} KB | ${(gzipped / 1024).toFixed(1)} KB |`);
console.log(`budget 170 KB gzipped -> ${gzipped / 1024 <= 170 ? 'within' : 'OVER'}`);
