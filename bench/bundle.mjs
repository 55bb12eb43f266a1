// Initial JavaScript of the web app, gzipped (budget 170 KB): the entry script, everything it imports, and the
// app it loads at once after reading the styles (main.tsx's dynamic import of app/App), with their imports;
// followed through Vite's manifest. Usage: npm run bench:bundle (builds first when sources changed).
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
// The entry's own dynamic imports run at start-up (it awaits the app right away).
for (const key of entry.dynamicImports ?? []) visit(key);

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
console.log(`budget 170 KB gzipped -> ${gzipped / 1024 <= 170 ? 'within' : 'OVER'}`);
