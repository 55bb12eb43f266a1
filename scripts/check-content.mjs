// Quick checks of content files while writing them: shape, languages, word counts, forbidden characters.
// Usage: node scripts/check-content.mjs [folder...]   (defaults to prayers, affirmations and daily, and the composer corpus)
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
// The composer's corpus (content/composer/{en,es,pl}.json): every spoken line plain, only references with digits.
// The composer validates the full shape itself when it loads the files; this is the quick check while writing.
let composerFiles = 0;
if (process.argv.length <= 2) {
  const dir = path.join(root, 'composer');
  for (const entry of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    composerFiles++;
    const say = (message) => {
      problems++;
      console.log(`composer/${entry}: ${message}`);
    };
    let corpus;
    try {
      corpus = JSON.parse(readFileSync(path.join(dir, entry), 'utf8'));
    } catch (error) {
      say(`invalid JSON: ${error.message}`);
      continue;
    }
    if (corpus.language !== entry.replace(/\.json$/, '')) say(`language "${corpus.language}" does not match the file name`);
    const visit = (value, where) => {
      if (typeof value === 'string') {
        const spoken = value.replace(/\{\w+\}/g, '');
        const digitsAllowed = /\.(reference|name)$/.test(where);
        if (/[!¡()[\]{}*_#<>"“”«»]/.test(spoken) || (!digitsAllowed && /\d/.test(spoken))) {
          say(`${where}: a character the voice should not read: ${value}`);
        }
      } else if (Array.isArray(value)) value.forEach((item, i) => visit(item, `${where}.${i}`));
      else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) visit(item, `${where}.${key}`);
    };
    visit(corpus, 'corpus');
    for (const [focus, passages] of Object.entries(corpus.passages ?? {})) {
      if (!Array.isArray(passages) || passages.length < 4) say(`passages.${focus}: fewer than four passages`);
      else
        for (const [i, p] of passages.entries())
          if (!p.text?.includes(p.phrase)) say(`passages.${focus}.${i}: the phrase is not part of the text`);
    }
  }
}

console.log(`${files.length + composerFiles} files checked, ${problems} problems`);
process.exit(problems > 0 ? 1 : 0);
