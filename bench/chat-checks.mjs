// Chat writer checks benchmark (issue 47): what the checks of a chat model's answer add to the model's own time.
// A local OpenAI-compatible server answers at once with a prayer the composer wrote for a held-out intention (so
// the answer is a real, passing one); the baseline is the same exchange made by hand (POST, read, parse), and the
// chat writer's whole write (exchange, checks, scripture, length, names) is measured against it in the same run.
// The goal: under 50 ms added beyond the model's own time.
// Usage: npm run bench:chat-checks [-- --repeat 5]
import { createServer } from 'node:http';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { importServerSource, root } from './server.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const REPEAT = arg('repeat', 5);
const lib = await importServerSource({
  outDir: path.join(root, '.tmp/bench-chat-checks'),
  bundleName: 'chat-checks.mjs',
  source: `export { loadHeldOut } from '../../apps/server/src/generation/understanding/data';
export { createUnderstanding } from '../../apps/server/src/generation/understanding/understand';
export { createComposer, createVerifiedScripture, loadCorpus } from '../../apps/server/src/generation/writer/composer';
export { createChatVocabulary } from '../../apps/server/src/generation/writer/chat-vocabulary';
export { createOpenAiChatWriter } from '../../apps/server/src/generation/writer/openai-chat';
export { loadPlans } from '../../apps/server/src/generation/writer/situation-plans';
export { wordsForLength } from '../../apps/server/src/generation/length';
export { seededRandom } from '../../apps/server/src/generation/seeded-random';
`,
});

const contentDir = path.join(root, 'content');
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value) => `${value.toFixed(1)} ms`;

// The "model": answers the next prepared completion at once.
let next = '';
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(next));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}`;

const understanding = lib.createUnderstanding({ contentDir });
const plans = lib.loadPlans(contentDir);
let checkMs = 0;
const failures = [];
const writer = lib.createOpenAiChatWriter(
  { baseUrl, model: 'bench', timeoutMs: 10_000 },
  {
    scripture: lib.createVerifiedScripture(contentDir),
    vocabulary: lib.createChatVocabulary(contentDir),
    plans: () => plans,
    events: {
      used: (event) => {
        checkMs = event.checkMs;
      },
      failed: (event) => {
        if (!event.askedAgain) return;
        failures.push(event.reason);
      },
    },
  },
);

console.log(
  `Chat writer checks, ${new Date().toISOString().slice(0, 10)}, ${cpus().length} x ${cpus()[0]?.model}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, ${REPEAT} rounds`,
);
console.log('| language | answers | exchange p50 (baseline) | write p50 | added p50 | added p95 | checks p50 | checks p95 |');
console.log('|---|---|---|---|---|---|---|---|');
for (const language of ['en', 'es', 'pl']) {
  const passages = Object.values((await lib.loadCorpus(contentDir, language)).passages).flat();
  const answers = [];
  for (const [i, example] of (await lib.loadHeldOut(contentDir, language)).slice(0, 12).entries()) {
    const experience = i % 2 === 0 ? 'prayer' : 'bible_meditation';
    const situation = await understanding.understand({ language, description: example.text, focus: 'standard' });
    const targetWords = lib.wordsForLength({ seconds: 180, wordsPerMinute: 130, experience });
    const request = {
      language,
      experience,
      focus: 'standard',
      description: example.text,
      goals: [],
      lengthMinutes: 3,
      targetWords,
      situation,
    };
    const composed = await lib.createComposer({ contentDir, random: lib.seededRandom(`bench-${language}-${i}`) }).write(request);
    const scripture = passages
      .filter((passage) => composed.text.includes(passage.text))
      .map(({ reference, text }) => ({ reference, text }));
    const content = JSON.stringify({ title: composed.title, text: composed.text, scripture });
    answers.push({
      request,
      completion: JSON.stringify({ choices: [{ message: { role: 'assistant', content }, finish_reason: 'stop' }] }),
    });
  }
  const exchange = [];
  const write = [];
  const added = [];
  const checks = [];
  for (let round = 0; round < REPEAT + 1; round++) {
    for (const { request, completion } of answers) {
      next = completion;
      const before = performance.now();
      const response = await fetch(`${baseUrl}/v1/chat/completions`, { method: 'POST', body: '{}' });
      JSON.parse(JSON.parse(await response.text()).choices[0].message.content);
      const exchangeMs = performance.now() - before;
      const started = performance.now();
      await writer.write(request).catch((error) => {
        throw new Error(`the benchmark's answer failed a check: ${error.message}\n${completion}`);
      });
      const writeMs = performance.now() - started;
      // The first round warms the caches (corpora, plans, models) and is not counted.
      if (round === 0) continue;
      exchange.push(exchangeMs);
      write.push(writeMs);
      added.push(writeMs - exchangeMs);
      checks.push(checkMs);
    }
  }
  console.log(
    `| ${language} | ${answers.length} | ${ms(percentile(exchange, 50))} | ${ms(percentile(write, 50))} | ${ms(percentile(added, 50))} | ${ms(percentile(added, 95))} | ${ms(percentile(checks, 50))} | ${ms(percentile(checks, 95))} |`,
  );
}
server.close();
