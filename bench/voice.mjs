// Voice pipeline benchmark: voicing speed (seconds of audio per second of wall time) and bytes per minute of
// audio for a ~400-word English prayer (about three minutes at prayer pace), with and without the ambient bed,
// through the embedded voice (espeak-ng WASM) and ffmpeg mastering. Budget: a 3-minute prayer file at most 1.5 MB.
// Usage: npm run bench:voice [-- --runs 3]   (writes nothing but .tmp/; paste the table into docs/BENCHMARKS.md)
// The TypeScript pipeline is bundled with esbuild into .tmp/bench-voice/ (npm packages stay external) and imported.
import { copyFileSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const outDir = path.join(root, '.tmp/bench-voice');
mkdirSync(outDir, { recursive: true });

const serverPkg = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
const external = Object.keys({ ...serverPkg.dependencies, ...serverPkg.devDependencies }).filter((name) => !name.startsWith('@selah/'));
const entry = path.join(outDir, 'entry.ts');
writeFileSync(
  entry,
  `export { createVoicePipeline } from '../../apps/server/src/generation/voice-text';
export { createEspeakVoice } from '../../apps/server/src/generation/voice/espeak';
export { analyzeAudio } from '../../apps/server/src/generation/master/measure-audio';
`,
);
const bundle = path.join(outDir, 'pipeline.mjs');
await build({
  entryPoints: [entry],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external,
  logLevel: 'warning',
});
// The espeak engines run on worker threads from a script of their own, next to the bundle.
copyFileSync(path.join(root, 'apps/server/src/generation/voice/espeak-worker.mjs'), path.join(outDir, 'espeak-worker.mjs'));
const { createVoicePipeline, createEspeakVoice, analyzeAudio } = await import(pathToFileURL(bundle).href);

const PRAYER = `Lord, you are here. Before I say a word, you know my heart. I come to you tonight as I am, tired and grateful, and I rest in your presence.

Father, thank you for this day. Thank you for the breath in my lungs and the people who carried me through it. Thank you for small mercies I almost missed: a kind word, a meal shared, a moment of quiet. Every good gift comes from you, and I receive them with an open hand.

You know the worries I carry. Some of them are heavy, and some of them are old. I place them in your hands now, one by one. Where I have been impatient, forgive me. Where I have spoken harshly, soften my words. Where I have held back love, teach me again to give it freely. Create in me a clean heart, O God, and renew a right spirit within me.

I pray for the people I love. Guard them tonight. Give rest to those who are weary and courage to those who are afraid. Be close to the sick and to those who care for them, and give wisdom to their doctors and nurses. Comfort those who grieve, and let them feel that they are not alone. I pray for my neighbours, for those I find it hard to love, and for those I will never meet. Let your peace reach them all.

Teach me to trust you with tomorrow. I do not need to see the whole road; a lamp for my feet is enough. Your word is a lamp to my feet and a light for my path. When I wake, let my first thought turn toward you. When I work, let my hands be honest and my heart be generous. When I rest, let me remember that the world is held in your hands and not in mine.

Holy Spirit, settle my mind. Quiet the noise within me. Breathe your peace into every corner of this room and every corner of my soul. Let me lie down in peace and sleep, for you alone, Lord, make me dwell in safety.

Jesus, you said, come to me, all who are weary, and I will give you rest. I come. I lay down what I cannot carry. I receive your rest. Stay with me through the night, and meet me again in the morning, with mercies that are new every day.

Into your hands I commit my spirit, my family, and this night. In the name of the Father, and of the Son, and of the Holy Spirit. Amen.`;

const words = PRAYER.split(/\s+/).filter(Boolean).length;
// Time spent in the voice itself, so the table can split voicing from mastering (ffmpeg).
const espeak = createEspeakVoice();
let voicingSeconds = 0;
const timedVoice = {
  ...espeak,
  async synthesize(request) {
    const started = process.hrtime.bigint();
    try {
      return await espeak.synthesize(request);
    } finally {
      voicingSeconds += Number(process.hrtime.bigint() - started) / 1e9;
    }
  },
};
const pipeline = createVoicePipeline(timedVoice);
// One warm-up run: loading the espeak engine and its voice data happens once per process.
await pipeline.voiceText({ text: 'Lord, you are here.', language: 'en', ambient: false });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results = [];
for (const ambient of [false, true]) {
  const wall = [];
  const voicing = [];
  let last;
  for (let i = 0; i < runs; i++) {
    voicingSeconds = 0;
    const started = process.hrtime.bigint();
    last = await pipeline.voiceText({ text: PRAYER, language: 'en', ambient });
    wall.push(Number(process.hrtime.bigint() - started) / 1e9);
    voicing.push(voicingSeconds);
  }
  const file = path.join(outDir, `prayer-${ambient ? 'ambient' : 'plain'}.${last.extension}`);
  writeFileSync(file, last.data);
  const analysis = await analyzeAudio(file);
  const seconds = median(wall);
  results.push({ ambient, seconds, wall, voicing: median(voicing), audio: last, analysis, file });
}

const kb = (bytes) => `${(bytes / 1000).toFixed(0)} KB`;
console.log(`\nmachine: ${cpus().length} x ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
console.log(`text: ${words} words, en, espeak-ng; runs: ${runs} per row (median); files in ${path.relative(root, outDir)}/\n`);
console.log('| measure | voice only | voice + ambient bed |');
console.log('| --- | --- | --- |');
const row = (label, f) => console.log(`| ${label} | ${results.map(f).join(' | ')} |`);
row('audio duration', (r) => `${r.audio.durationSeconds.toFixed(1)} s`);
row('pace (words per minute of audio)', (r) => `${((words / r.audio.durationSeconds) * 60).toFixed(0)}`);
row('wall time to voice and master, median', (r) => `${r.seconds.toFixed(2)} s (${r.wall.map((w) => w.toFixed(2)).join(', ')})`);
row('of which espeak-ng / ffmpeg mastering, median', (r) => `${r.voicing.toFixed(2)} s / ${(r.seconds - r.voicing).toFixed(2)} s`);
row('voicing speed (audio s per wall s)', (r) => `${(r.audio.durationSeconds / r.seconds).toFixed(0)}x`);
row('file size', (r) => `${kb(r.audio.data.length)} (${r.audio.extension})`);
row('bytes per minute of audio', (r) => kb((r.audio.data.length / r.audio.durationSeconds) * 60));
row('3-minute prayer at this rate (budget 1500 KB)', (r) => kb((r.audio.data.length / r.audio.durationSeconds) * 180));
row('integrated loudness', (r) => `${r.analysis.integratedLufs.toFixed(1)} LUFS`);
row('mean / max volume', (r) => `${r.analysis.meanVolumeDb.toFixed(1)} / ${r.analysis.maxVolumeDb.toFixed(1)} dB`);
row('format', (r) => `${r.analysis.sampleRate} Hz, ${r.analysis.channels === 1 ? 'mono' : `${r.analysis.channels} channels`}`);
const worst = Math.max(...results.map((r) => (r.audio.data.length / r.audio.durationSeconds) * 180));
console.log(`\nbudget: 3-minute file at most 1500 KB -> ${worst <= 1_500_000 ? 'within' : 'OVER'} (${kb(worst)})`);
