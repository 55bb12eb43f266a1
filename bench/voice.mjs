// Voice benchmark: for each engine and language, a 3-minute personal prayer written by the composer (seeded, so
// every run voices the same texts) is voiced and mastered to its length. Reported per engine and language:
// intelligibility as a word error rate from an offline recogniser (Debian's pocketsphinx with its US English
// model; none for Spanish or Polish is obtainable here), the pace, the speed (real-time factor), the length met,
// bytes per minute, loudness. Goals: English WER at most 15%; every prayer 3:00 +/- 15 s and at most 1.5 MB.
// Usage: npm run bench:voice [-- --engines flite:rms,espeak-ng --languages en --no-wer]
// Files are left in .tmp/bench-voice/ to hear. Paste the tables into docs/BENCHMARKS.md.
// The TypeScript pipeline is bundled with esbuild into .tmp/bench-voice/ (npm packages stay external) and imported.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { importServerSource } from './server.mjs';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const outDir = path.join(root, '.tmp/bench-voice');
mkdirSync(outDir, { recursive: true });

const lib = await importServerSource({
  outDir,
  bundleName: 'pipeline.mjs',
  source: `export { createVoicePipeline } from '../../apps/server/src/generation/voice-text';
export { createEspeakVoice } from '../../apps/server/src/generation/voice/espeak';
export { createFliteVoice } from '../../apps/server/src/generation/voice/flite';
export { createComposer } from '../../apps/server/src/generation/writer/composer';
export { generalSituation } from '../../apps/server/src/generation/understanding/situation';
export { wordsForLength } from '../../apps/server/src/generation/length';
export { stripPauseMarks } from '../../apps/server/src/generation/text/pauses';
export { countWords } from '../../apps/server/src/generation/text/words';
export { analyzeAudio } from '../../apps/server/src/generation/master/measure-audio';
export { seededRandom } from '../../apps/server/src/generation/seeded-random';
export { ffmpegPath } from '../../apps/server/src/generation/master/ffmpeg';
`,
});
// The engines run on worker threads from scripts of their own, next to the bundle.
for (const worker of ['espeak-worker.mjs', 'flite-worker.mjs']) {
  copyFileSync(path.join(root, 'apps/server/src/generation/voice', worker), path.join(outDir, worker));
}

const ENGINES = {
  'flite:rms': () => lib.createFliteVoice({ voice: 'rms' }),
  'flite:slt': () => lib.createFliteVoice({ voice: 'slt' }),
  'flite:awb': () => lib.createFliteVoice({ voice: 'awb' }),
  'flite:kal16': () => lib.createFliteVoice({ voice: 'kal16' }),
  'espeak-ng': () => lib.createEspeakVoice(),
};
const languages = arg('languages', 'en,es,pl').split(',');
const engines = arg('engines', Object.keys(ENGINES).join(',')).split(',');
const wer = !process.argv.includes('--no-wer');
const MODEL = '/usr/share/pocketsphinx/model/en-us';
const recogniser = wer && existsSync(`${MODEL}/en-us.lm.bin`) ? 'pocketsphinx_continuous' : undefined;
if (wer && !recogniser)
  console.log('pocketsphinx with its en-us model is not installed (apt-get install pocketsphinx pocketsphinx-en-us): no WER');

const composer = lib.createComposer({ contentDir: path.join(root, 'content'), random: lib.seededRandom('bench:voice') });
const TARGET = 180;

/** Word error rate: the edit distance between the words said and the words heard, over the words said. */
function wordErrorRate(reference, hypothesis) {
  const words = (text) =>
    text
      .toLowerCase()
      .replace(/[’']/g, "'")
      .replace(/[^a-z' ]+/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
  const ref = words(reference);
  const hyp = words(hypothesis);
  let row = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const next = [i];
    for (let j = 1; j <= hyp.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    row = next;
  }
  return row[hyp.length] / ref.length;
}

async function recognise(file) {
  const ffmpeg = lib.ffmpegPath();
  const wav = file.replace(/\.\w+$/, '-16k.wav');
  await run(ffmpeg, ['-loglevel', 'error', '-y', '-i', file, '-ar', '16000', '-ac', '1', wav]);
  const { stdout } = await run(
    recogniser,
    [
      '-infile',
      wav,
      '-hmm',
      `${MODEL}/en-us`,
      '-lm',
      `${MODEL}/en-us.lm.bin`,
      '-dict',
      `${MODEL}/cmudict-en-us.dict`,
      '-logfn',
      '/dev/null',
    ],
    { maxBuffer: 16 * 2 ** 20 },
  );
  return stdout;
}

const results = [];
for (const language of languages) {
  for (const name of engines) {
    if (name.startsWith('flite') && language !== 'en') continue;
    const provider = ENGINES[name]();
    let voicing = 0;
    const timed = {
      ...provider,
      async synthesize(request) {
        const started = process.hrtime.bigint();
        try {
          return await provider.synthesize(request);
        } finally {
          voicing += Number(process.hrtime.bigint() - started) / 1e9;
        }
      },
    };
    const pipeline = lib.createVoicePipeline(timed);
    // Warm-up, and the engine's pace measured on a first prayer: the second is written for it, as in the app.
    const request = {
      language,
      experience: 'prayer',
      focus: 'peace',
      situation: lib.generalSituation(language, 'peace'),
      description: '',
      goals: [],
      lengthMinutes: 3,
    };
    const first = await composer.write({
      ...request,
      targetWords: lib.wordsForLength({ seconds: TARGET, wordsPerMinute: 145, experience: 'prayer' }),
    });
    await pipeline.voiceText({ text: first.text, language, ambient: false });
    const wordsPerMinute = pipeline.wordsPerMinute(language);
    const written = await composer.write({
      ...request,
      targetWords: lib.wordsForLength({ seconds: TARGET, wordsPerMinute, experience: 'prayer' }),
    });
    voicing = 0;
    const started = process.hrtime.bigint();
    const audio = await pipeline.voiceText({ text: written.text, language, ambient: true, targetSeconds: TARGET });
    const wall = Number(process.hrtime.bigint() - started) / 1e9;
    const file = path.join(outDir, `${language}-${name.replace(':', '-')}.${audio.extension}`);
    writeFileSync(file, audio.data);
    const analysis = await lib.analyzeAudio(file);
    const result = { language, name, words: lib.countWords(written.text), wordsPerMinute, audio, wall, voicing, analysis, file };
    if (recogniser && language === 'en') {
      // Recognised from the voice alone, at its natural pace (the bed and tempo are not what is measured).
      const plain = await pipeline.voiceText({ text: written.text, language, ambient: false });
      const plainFile = path.join(outDir, `${language}-${name.replace(':', '-')}-plain.${plain.extension}`);
      writeFileSync(plainFile, plain.data);
      result.wer = wordErrorRate(lib.stripPauseMarks(written.text), await recognise(plainFile));
    }
    results.push(result);
    console.error(
      `${language} ${name}: ${audio.durationSeconds.toFixed(1)} s${result.wer === undefined ? '' : `, WER ${(result.wer * 100).toFixed(1)}%`}`,
    );
  }
}

const kb = (bytes) => `${(bytes / 1000).toFixed(0)} KB`;
console.log(`\nmachine: ${cpus().length} x ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
console.log(
  `text: a composer prayer per language (focus peace, seeded), written for the pace the engine showed on a first one; target ${TARGET} s with the bed\n`,
);
console.log(
  '| language | engine | WER (pocketsphinx) | words | pace (words/min of speech) | length (target 180 +/- 15 s) | tempo | wall time | real-time factor | file | per minute | loudness |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(
    `| ${r.language} | ${r.name} | ${r.wer === undefined ? 'n/a' : `${(r.wer * 100).toFixed(1)}%`} | ${r.words} | ${r.wordsPerMinute.toFixed(0)} | ` +
      `${r.audio.durationSeconds.toFixed(1)} s | ${r.audio.timeline.tempo.toFixed(3)} | ${r.wall.toFixed(2)} s (voice ${r.voicing.toFixed(2)} s) | ` +
      `${(r.wall / r.audio.durationSeconds).toFixed(3)} | ${kb(r.audio.data.length)} | ${kb((r.audio.data.length / r.audio.durationSeconds) * 60)} | ${r.analysis.integratedLufs.toFixed(1)} LUFS |`,
  );
}
const over = results.filter((r) => Math.abs(r.audio.durationSeconds - TARGET) > 15 || r.audio.data.length > 1_500_000);
console.log(
  `\nlength and size: ${over.length === 0 ? 'every prayer within 3:00 +/- 15 s and 1.5 MB' : `OVER: ${over.map((r) => `${r.language} ${r.name}`).join(', ')}`}`,
);
