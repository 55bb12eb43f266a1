// Quick checks of content files while writing them: shape, languages, word counts, forbidden characters.
// Usage: node scripts/check-content.mjs [folder...]   (defaults to prayers, affirmations, daily and journeys, and the composer corpus)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(new URL('..', import.meta.url).pathname, 'content');
const folders =
  process.argv.length > 2
    ? process.argv.slice(2).map((f) => path.resolve(f))
    : ['prayers', 'affirmations', 'daily', 'journeys'].map((f) => path.join(root, f));
const journeysDir = path.join(root, 'journeys');
const files = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    else if (entry.endsWith('.json')) files.push(full);
  }
};
for (const folder of folders) walk(folder);

const LANGUAGES = ['en', 'es', 'pl'];
let problems = 0;
const slugs = new Set();
const journeys = [];
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
  if (file.startsWith(journeysDir + path.sep)) {
    checkJourney(item, file, say);
    journeys.push(item);
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
if (folders.some((folder) => path.resolve(folder) === journeysDir)) checkJourneySet(journeys);

// The composer's corpus (content/composer/{en,es,pl}.json): every spoken line plain, only references with digits.
// The composer validates the full shape itself when it loads the files; this is the quick check while writing.
let composerFiles = 0;
if (process.argv.length <= 2) {
  const dir = path.join(root, 'composer');
  // Also the personalized journey's corpus, composer/ancestors/{en,es,pl}.json (its writer validates the full shape).
  const corpusFiles = ['', 'ancestors/'].flatMap((sub) =>
    readdirSync(path.join(dir, sub))
      .filter((name) => name.endsWith('.json'))
      .map((name) => sub + name),
  );
  for (const entry of corpusFiles) {
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
    if (corpus.language !== path.basename(entry, '.json')) say(`language "${corpus.language}" does not match the file name`);
    const visit = (value, where) => {
      if (typeof value === 'string') {
        // A line may end a sentence with a pause mark for the voice ([silence], [pause]: content/README.md).
        const spoken = value.replace(/\{\w+\}/g, '').replace(/ \[(?:silence|pause)\](?= |$)/g, '');
        const digitsAllowed = /\.(reference|name)$/.test(where);
        if (/[!¡()[\]{}*_#<>"“”«»]/.test(spoken) || (!digitsAllowed && /\d/.test(spoken))) {
          say(`${where}: a character the voice should not read: ${value}`);
        }
      } else if (Array.isArray(value)) value.forEach((item, i) => visit(item, `${where}.${i}`));
      else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) visit(item, `${where}.${key}`);
    };
    visit(corpus, 'corpus');
    for (const [focus, passages] of Object.entries(corpus.passages ?? {})) {
      if (!Array.isArray(passages) || passages.length < 10) say(`passages.${focus}: fewer than ten passages`);
      else
        for (const [i, p] of passages.entries())
          if (!p.text?.includes(p.phrase)) say(`passages.${focus}.${i}: the phrase is not part of the text`);
    }
  }
}

console.log(`${files.length + composerFiles} files checked, ${problems} problems`);
process.exit(problems > 0 ? 1 : 0);

// A fixed journey (content/journeys/{id}.json): id, order, title/subtitle/description per language, and 5 to 10 days,
// each with title, subtitle, bibleVerse {text, reference, spoken}, reflection and prayer in en, es and pl.
// totalDays, totalDuration, duration and audio are computed by the importer and must not be written.
function checkJourney(journey, file, say) {
  const words = (text) => text.split(/\s+/).filter(Boolean).length;
  const unspoken = /[!¡()[\]{}*_#<>"“”«»]/;
  const plain = (where, text, { scripture = false } = {}) => {
    if (typeof text !== 'string' || text.trim() === '') return say(`${where}: missing`);
    if (text !== text.trim()) say(`${where}: leading or trailing whitespace`);
    // Scripture is quoted exactly, so its own exclamation marks stay; markup and quotation marks do not belong in it.
    if (scripture ? /[()[\]{}*_#<>"“”«»]/.test(text) : unspoken.test(text))
      say(`${where}: a character the voice should not read (! ( ) [ ] { } * _ # < > quotes)`);
    if (/\d/.test(text)) say(`${where}: digits (write numbers in words)`);
  };
  const paragraphs = (where, text) => {
    if (/(^|[^\n])\n(?!\n)/.test(text) || /\n{3,}/.test(text)) say(`${where}: paragraphs must be separated by exactly one blank line`);
  };
  const range = (where, text, min, max) => {
    const count = words(text);
    if (count < min || count > max) say(`${where}: ${count} words (${min}-${max})`);
  };
  const id = path.basename(file, '.json');
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(journey.id ?? '')) say('id must be lowercase ascii words joined by hyphens');
  else if (journey.id !== id) say(`id "${journey.id}" does not match the file name`);
  if (!Number.isInteger(journey.order) || journey.order < 1) say('order must be a positive integer');
  for (const computed of ['totalDays', 'totalDuration', 'duration', 'audio'])
    if (computed in journey) say(`${computed} is computed by the importer; do not write it`);
  for (const lng of LANGUAGES) {
    const entry = journey[lng];
    if (!entry || typeof entry !== 'object') {
      say(`${lng}: missing`);
      continue;
    }
    plain(`${lng}.title`, entry.title);
    plain(`${lng}.subtitle`, entry.subtitle);
    plain(`${lng}.description`, entry.description);
    if (typeof entry.description === 'string') {
      const sentences = entry.description.split(/[.?](?:\s+|$)/).filter((s) => s.trim()).length;
      if (sentences < 2 || sentences > 3) say(`${lng}.description: ${sentences} sentences (2-3)`);
    }
  }
  const days = Array.isArray(journey.days) ? journey.days : [];
  if (days.length < 5 || days.length > 10) say(`${days.length} days (5-10)`);
  days.forEach((day, index) => {
    const at = `day ${index + 1}`;
    if (day.day !== index + 1) say(`${at}: "day" is ${day.day}; days are numbered 1..n in order`);
    for (const computed of ['duration', 'audio'])
      if (computed in day) say(`${at}: ${computed} is computed by the importer; do not write it`);
    for (const lng of LANGUAGES) {
      const entry = day[lng];
      const where = `${at}.${lng}`;
      if (!entry || typeof entry !== 'object') {
        say(`${where}: missing`);
        continue;
      }
      plain(`${where}.title`, entry.title);
      plain(`${where}.subtitle`, entry.subtitle);
      if (typeof entry.subtitle === 'string' && (entry.subtitle.includes('\n') || words(entry.subtitle) > 14))
        say(`${where}.subtitle: one short line, at most 14 words`);
      const verse = entry.bibleVerse ?? {};
      plain(`${where}.bibleVerse.text`, verse.text, { scripture: true });
      plain(`${where}.bibleVerse.spoken`, verse.spoken);
      const reference = lng === 'pl' ? /^\S.*\s\d+,\d+(-\d+)?$/ : /^\S.*\s\d+:\d+(-\d+)?$/;
      if (typeof verse.reference !== 'string' || !reference.test(verse.reference))
        say(`${where}.bibleVerse.reference "${verse.reference}" is not like ${lng === 'pl' ? 'Psalm 119,105' : 'Psalm 119:105'}`);
      for (const field of ['reflection', 'prayer']) {
        plain(`${where}.${field}`, entry[field]);
        if (typeof entry[field] === 'string') paragraphs(`${where}.${field}`, entry[field]);
      }
      if (typeof entry.reflection === 'string') {
        range(`${where}.reflection`, entry.reflection, 120, 200);
        if (!entry.reflection.includes('\n\n')) say(`${where}.reflection: write it in paragraphs separated by a blank line`);
      }
      if (typeof entry.prayer === 'string') {
        range(`${where}.prayer`, entry.prayer, 60, 120);
        const amen = lng === 'es' ? 'Amén.' : 'Amen.';
        if (!entry.prayer.endsWith(amen)) say(`${where}.prayer: must end with ${amen}`);
      }
    }
  });
}

// Across all journeys: unique ids and orders, at least three journeys, faith-boost present and first on the dashboard.
function checkJourneySet(items) {
  const say = (message) => {
    problems++;
    console.log(`journeys: ${message}`);
  };
  const seen = (key) => {
    const values = items.map((j) => j[key]);
    for (const value of new Set(values)) if (values.filter((v) => v === value).length > 1) say(`duplicate ${key} ${value}`);
  };
  seen('id');
  seen('order');
  if (items.length < 3) say(`${items.length} journeys (at least 3)`);
  const faithBoost = items.find((j) => j.id === 'faith-boost');
  if (!faithBoost) say('faith-boost is missing');
  else if (items.some((j) => j !== faithBoost && j.order <= faithBoost.order)) say('faith-boost must have the lowest order');
}
