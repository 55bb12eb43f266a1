// Quick checks of content files while writing them: shape, languages, word counts, forbidden characters.
// Usage: node scripts/check-content.mjs [folder...]   (defaults to prayers, affirmations and daily)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(new URL('..', import.meta.url).pathname, 'content');
const folders =
  process.argv.length > 2
    ? process.argv.slice(2).map((f) => path.resolve(f))
    : ['prayers', 'affirmations', 'daily'].map((f) => path.join(root, f));
const files = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    else if (entry.endsWith('.json')) files.push(full);
  }
};
for (const folder of folders) walk(folder);

let problems = 0;
const slugs = new Set();
for (const file of files) {
  const rel = path.relative(root, file);
  const say = (message) => {
    problems++;
    console.log(`${rel}: ${message}`);
  };
  let item;
  try {
    item = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    say(`invalid JSON: ${error.message}`);
    continue;
  }
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(item.slug ?? '')) say('slug must be lowercase ascii with hyphens');
  if (slugs.has(item.slug)) say(`duplicate slug ${item.slug}`);
  slugs.add(item.slug);
  const languages = rel.startsWith('daily') ? ['en', 'es'] : ['en', 'es', 'pl'];
  for (const lng of languages) {
    const entry = item[lng];
    if (!entry || typeof entry.title !== 'string' || typeof entry.text !== 'string') {
      say(`${lng}: missing title or text`);
      continue;
    }
    const words = entry.text.split(/\s+/).filter(Boolean).length;
    if (words < 150 || words > 450) say(`${lng}: ${words} words (150-450)`);
    if (/[!¡()[\]*_#<>"“”«»]|\d/.test(entry.text))
      say(`${lng}: text has a character the voice should not read (! ( ) [ ] * _ # < > quotes or digits)`);
  }
}
console.log(`${files.length} files checked, ${problems} problems`);
process.exit(problems > 0 ? 1 : 0);
