// Writes one prayer per intention of a rubric set (../shared/WRITER_RUBRIC.md) with the built-in writer of a source
// tree, with fixed seeds, for a judge to read. Run it on the code before a change (a git worktree) and after it.
// Usage: node bench/rubric/write.mjs --set bench/rubric/intentions-2026-12-07.json --out .tmp/rubric/after.json [--root DIR]
// --root is the source tree whose composer (and understanding, when it has one) writes; the default is this one.
// npm packages are resolved from this checkout's node_modules.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importServerSource } from '../server.mjs';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const root = path.resolve(arg('root', here));
const set = JSON.parse(readFileSync(path.resolve(arg('set', 'bench/rubric/intentions-2026-12-07.json')), 'utf8'));
const out = path.resolve(arg('out', '.tmp/rubric/prayers.json'));
const hasUnderstanding = existsSync(path.join(root, 'apps/server/src/generation/understanding/understand.ts'));

const src = (file) => JSON.stringify(path.join(root, 'apps/server/src', file));
const lib = await importServerSource({
  outDir: path.join(here, '.tmp/rubric-build', String(process.pid)),
  bundleName: 'writer.mjs',
  source: [
    `export { createComposer } from ${src('generation/writer/composer')};`,
    `export { seededRandom } from ${src('generation/seeded-random')};`,
    hasUnderstanding ? `export { createUnderstanding } from ${src('generation/understanding/understand')};` : '',
  ].join('\n'),
  alias: { '@selah/domain': path.join(root, 'packages/domain/src') },
});
const contentDir = path.join(root, 'content');
const understanding = hasUnderstanding ? lib.createUnderstanding({ contentDir }) : undefined;
// About three minutes at the embedded voices' paces, as the writer tests use (the app measures the voice's pace).
const TARGET = { en: 400, es: 340, pl: 290 };
const prayers = [];
for (const [index, intention] of set.entries()) {
  const composer = lib.createComposer({ contentDir, random: lib.seededRandom(`rubric:${intention.id}`) });
  const focus = intention.focus;
  const situation = understanding
    ? await understanding.understand({ language: intention.language, description: intention.description, focus })
    : undefined;
  const request = {
    language: intention.language,
    experience: intention.experience,
    focus,
    situation,
    description: intention.description,
    goals: intention.goals ?? [],
    lengthMinutes: 3,
    targetWords: TARGET[intention.language],
  };
  const written = await composer.write(request);
  prayers.push({ id: intention.id, index, intention, situation, title: written.title, text: written.text });
}
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(prayers, null, 2)}\n`);
console.log(`${prayers.length} prayers written to ${path.relative(here, out)} by the writer of ${root}`);
