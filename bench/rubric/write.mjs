// Writes one prayer per intention of a rubric set (../shared/WRITER_RUBRIC.md) with the built-in writer of a source
// tree, with fixed seeds, for a judge to read. Run it on the code before a change (a git worktree) and after it.
// Usage: node bench/rubric/write.mjs --set bench/rubric/intentions-2026-12-07.json --out .tmp/rubric/after.json [--root DIR]
// --root is the source tree whose composer (and understanding, when it has one) writes; the default is this one.
// npm packages are resolved from this checkout's node_modules.
// The chat writer (LLM_BASE_URL) is judged the same way, with a model of one's own: `--prompts FILE` writes the
// system and user messages it would send for each intention; whoever stands in for the model answers them in a
// file ([{ "id", "content", "again"? }], content being the model's message); `--answers FILE` then serves those
// answers from a local OpenAI-compatible server to the chat writer, whose checks run as in the app ("again" answers
// a request to mend; without it the composer writes, as it would), and writes the prayers with who wrote each.
import { createServer } from 'node:http';
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
    ...(arg('prompts') || arg('answers')
      ? [
          `export { buildPrompt, createOpenAiChatWriter } from ${src('generation/writer/openai-chat')};`,
          `export { createChatVocabulary } from ${src('generation/writer/chat-vocabulary')};`,
          `export { createVerifiedScripture } from ${src('generation/writer/composer')};`,
          `export { loadPlans } from ${src('generation/writer/situation-plans')};`,
          `export { plannedSituation, GENERAL } from ${src('generation/understanding/situation')};`,
          `export { withFallback } from ${src('generation/writer/with-fallback')};`,
        ]
      : []),
  ].join('\n'),
  alias: { '@selah/domain': path.join(root, 'packages/domain/src') },
});
const contentDir = path.join(root, 'content');
const understanding = hasUnderstanding ? lib.createUnderstanding({ contentDir }) : undefined;
// About three minutes at the embedded voices' paces, as the writer tests use (the app measures the voice's pace).
const TARGET = { en: 400, es: 340, pl: 290 };
const prayers = [];
const chat = arg('prompts') || arg('answers') ? await chatWriter() : undefined;
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
  if (chat) {
    const answer = chat.answers.get(intention.id);
    if (chat.prompts) {
      const planned = lib.plannedSituation(situation).main;
      // As the chat writer builds it: with the plan, and the verified passages that fit offered to quote from.
      const { fitting } = await chat.scripture.passages(request.language, request.situation);
      const plan = planned === lib.GENERAL ? undefined : chat.plans[planned];
      chat.prompts.push({ id: intention.id, ...lib.buildPrompt(request, plan, fitting.slice(0, 6)) });
      continue;
    }
    if (!answer) throw new Error(`no answer for ${intention.id} in ${arg('answers')}`);
    chat.current = answer;
    chat.events.length = 0;
    const written = await lib.withFallback(chat.writer, composer, () => chat.events.push('composer wrote')).write(request);
    prayers.push({ id: intention.id, index, intention, situation, writer: [...chat.events], title: written.title, text: written.text });
    continue;
  }
  const written = await composer.write(request);
  prayers.push({ id: intention.id, index, intention, situation, title: written.title, text: written.text });
}
if (chat?.prompts) {
  mkdirSync(path.dirname(path.resolve(arg('prompts'))), { recursive: true });
  writeFileSync(path.resolve(arg('prompts')), `${JSON.stringify(chat.prompts, null, 2)}\n`);
  console.log(`${chat.prompts.length} prompts written to ${arg('prompts')}`);
  process.exit(0);
}
chat?.server.close();
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(prayers, null, 2)}\n`);
console.log(`${prayers.length} prayers written to ${path.relative(here, out)} by the writer of ${root}`);

/** The chat writer against a local OpenAI-compatible server that serves the stand-in model's answers. */
async function chatWriter() {
  const state = {
    plans: await lib.loadPlans(contentDir),
    scripture: lib.createVerifiedScripture(contentDir),
    prompts: arg('prompts') ? [] : undefined,
    answers: new Map(arg('answers') ? JSON.parse(readFileSync(path.resolve(arg('answers')), 'utf8')).map((a) => [a.id, a]) : []),
    current: undefined,
    events: [],
  };
  const completion = (content) => JSON.stringify({ choices: [{ message: { role: 'assistant', content }, finish_reason: 'stop' }] });
  const asText = (content) => (typeof content === 'string' ? content : JSON.stringify(content));
  state.server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const asked = JSON.parse(Buffer.concat(chunks).toString('utf8')).messages.length;
      const content = asked <= 2 ? state.current?.content : state.current?.again;
      if (content === undefined) response.writeHead(503).end('no answer to mend with');
      else response.writeHead(200, { 'content-type': 'application/json' }).end(completion(asText(content)));
    });
  });
  await new Promise((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.writer = lib.createOpenAiChatWriter(
    { baseUrl: `http://127.0.0.1:${state.server.address().port}`, model: 'stand-in', timeoutMs: 30_000 },
    {
      scripture: state.scripture,
      vocabulary: lib.createChatVocabulary(contentDir),
      plans: async () => state.plans,
      events: {
        used: ({ askedAgain, mended }) =>
          state.events.push(`chat${askedAgain ? ' when asked again' : ''}${mended.length ? ` (${mended.join(', ')})` : ''}`),
        failed: ({ reason, askedAgain }) => state.events.push(`failed: ${reason}${askedAgain ? ', asked again' : ''}`),
      },
    },
  );
  return state;
}
