import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { generalSituation } from '../src/generation/understanding/situation';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@selah/domain/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LENGTH_TOLERANCE_SECONDS, wordsForLength } from '../src/generation/length';
import { runFfmpeg } from '../src/generation/master/ffmpeg';
import { analyzeAudio } from '../src/generation/master/measure-audio';
import { seededRandom } from '../src/generation/seeded-random';
import { parseSpokenText } from '../src/generation/text/pauses';
import { createVoicePipelineFromConfig } from '../src/generation/voice-text';
import { createAncestorsWriter } from '../src/generation/writer/ancestors-writer';
import { createComposer } from '../src/generation/writer/composer';

const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content');
const TARGET_SECONDS = 180;

/**
 * Stretches of quiet in the voice, found by ffmpeg's silencedetect. Published files are voice only (issue 22);
 * the high-pass keeps the check true of a file with the low pad under it (low-passed at 800 Hz) as well.
 */
async function voiceSilences(
  file: string,
  minSeconds: number,
  filter = 'highpass=f=1500,highpass=f=1500,',
): Promise<{ start: number; end: number }[]> {
  const { stderr } = await runFfmpeg(['-i', file, '-af', `${filter}silencedetect=n=-50dB:d=${minSeconds}`, '-f', 'null', '-']);
  const starts = [...stderr.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Number(m[1]));
  const ends = [...stderr.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  return starts.map((start, i) => ({ start, end: ends[i] ?? Infinity }));
}

describe('a personal prayer, voiced by the embedded default in every language', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'selah-length-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each(LANGUAGES)(
    '%s: lasts 3:00 +/- 15 s, fits in 1.5 MB, is about -16 LUFS, and the silence its line invites lasts at least 6 s',
    async (language) => {
      const pipeline = createVoicePipelineFromConfig({ provider: 'embedded' });
      const composer = createComposer({ contentDir, random: seededRandom(`length-${language}`) });
      const experience = 'bible_meditation';
      const written = await composer.write({
        language,
        experience,
        focus: 'peace',
        situation: generalSituation(language, 'peace'),
        description: '',
        goals: [],
        lengthMinutes: 3,
        targetWords: wordsForLength({ seconds: TARGET_SECONDS, wordsPerMinute: pipeline.wordsPerMinute(language), experience }),
      });
      const audio = await pipeline.voiceText({ text: written.text, language, ambient: false, targetSeconds: TARGET_SECONDS });
      const file = path.join(dir, `${language}.mp3`);
      await writeFile(file, audio.data);

      const analysis = await analyzeAudio(file);
      expect(Math.abs(analysis.durationSeconds - TARGET_SECONDS)).toBeLessThanOrEqual(LENGTH_TOLERANCE_SECONDS);
      expect(audio.data.length).toBeLessThanOrEqual(1_500_000);
      expect(analysis.integratedLufs).toBeGreaterThan(-17.5);
      expect(analysis.integratedLufs).toBeLessThan(-14.5);
      expect(analysis.maxVolumeDb).toBeLessThan(-0.5);
      // The writer aimed well: the voice hardly had to change its tempo.
      expect(Math.abs(audio.timeline.tempo - 1)).toBeLessThan(0.081);

      // Where the silence line ends, by the timeline; the voice is quiet there for at least 6 s.
      const utterances = parseSpokenText(written.text, language);
      const line = utterances.findIndex((utterance) => utterance.pauseAfter === 'silence');
      expect(line).toBeGreaterThan(0);
      const { leadInSeconds, clipSeconds, gapSeconds, tempo } = audio.timeline;
      let lineEnd = leadInSeconds;
      for (let i = 0; i <= line; i++) lineEnd += clipSeconds[i]! / tempo + (i < line ? gapSeconds[i]! : 0);
      const silences = await voiceSilences(file, 5.5);
      const after = silences.find((silence) => Math.abs(silence.start - lineEnd) < 0.6);
      expect(after, `a silence right after ${lineEnd.toFixed(1)} s, among ${JSON.stringify(silences)}`).toBeDefined();
      expect(after!.end - after!.start).toBeGreaterThanOrEqual(6);
      // ...and nowhere else in the prayer: only the quiet at the very end, after the last word, is left out (a short
      // closing line after the silence may end the prayer within a few seconds of it).
      expect(silences.filter((silence) => silence.start > leadInSeconds && silence.end < analysis.durationSeconds - 0.5)).toHaveLength(1);

      // Synced words (issue 22): every line's cue ends where the voice falls quiet and the next begins where it
      // speaks again, within 150 ms, and the cues are the lines in reading order.
      expect(audio.cues.map((cue) => cue.text)).toEqual(utterances.map((utterance) => utterance.text.trim()));
      const gaps = await voiceSilences(file, 0.3, '');
      const misses: string[] = [];
      audio.cues.slice(0, -1).forEach((cue, i) => {
        const next = audio.cues[i + 1]!;
        const gap = gaps.find((silence) => Math.abs(silence.start - cue.end) <= 0.15 && Math.abs(silence.end - next.start) <= 0.15);
        if (!gap) {
          const near = gaps.find((silence) => Math.abs(silence.start - cue.end) < 1);
          misses.push(`line ${i + 1} ends ${cue.end} s, next starts ${next.start} s; quiet nearby: ${JSON.stringify(near)}`);
        }
      });
      expect(misses).toEqual([]);
    },
  );

  it.each(LANGUAGES)(
    '%s: streamed as it is voiced (issue 23), it keeps the same rules, and its pieces are the finished file',
    async (language) => {
      const pipeline = createVoicePipelineFromConfig({ provider: 'embedded' });
      const composer = createComposer({ contentDir, random: seededRandom(`stream-${language}`) });
      const written = await composer.write({
        language,
        experience: 'prayer',
        focus: 'healing',
        situation: generalSituation(language, 'healing'),
        description: '',
        goals: [],
        lengthMinutes: 3,
        targetWords: wordsForLength({ seconds: TARGET_SECONDS, wordsPerMinute: pipeline.wordsPerMinute(language), experience: 'prayer' }),
      });
      const pieces: Buffer[] = [];
      let listed = 0;
      let done = false;
      let firstBeforeDone = false;
      const audio = await pipeline.voiceText({
        text: written.text,
        language,
        ambient: false,
        targetSeconds: TARGET_SECONDS,
        onSegment: async (segment) => {
          if (segment.index === 0) firstBeforeDone = !done;
          expect(segment.index).toBe(pieces.length);
          pieces.push(segment.data);
          listed += segment.seconds;
        },
      });
      done = true;
      expect(firstBeforeDone).toBe(true);
      expect(pieces.length).toBeGreaterThan(60);
      const file = path.join(dir, `${language}-streamed.mp3`);
      await writeFile(file, audio.data);
      const analysis = await analyzeAudio(file);
      expect(Math.abs(analysis.durationSeconds - TARGET_SECONDS)).toBeLessThanOrEqual(LENGTH_TOLERANCE_SECONDS);
      expect(Math.abs(listed - analysis.durationSeconds)).toBeLessThan(0.1);
      expect(audio.data.length).toBeLessThanOrEqual(1_500_000);
      expect(analysis.integratedLufs).toBeGreaterThan(-17.5);
      expect(analysis.integratedLufs).toBeLessThan(-14.5);
      expect(analysis.maxVolumeDb).toBeLessThan(-0.5);
      expect(audio.cues.map((cue) => cue.text)).toEqual(parseSpokenText(written.text, language).map((utterance) => utterance.text.trim()));

      // The pieces joined decode to the very samples of the file.
      const joined = path.join(dir, `${language}-streamed.ts`);
      await writeFile(joined, Buffer.concat(pieces));
      const decode = async (input: string) => (await runFfmpeg(['-i', input, '-f', 'f32le', '-ac', '1', '-ar', '24000', 'pipe:1'])).stdout;
      expect((await decode(joined)).equals(await decode(file))).toBe(true);
    },
  );

  it.each(LANGUAGES)('%s: a day of a personalized journey lasts its own target, within 15 s', async (language) => {
    const pipeline = createVoicePipelineFromConfig({ provider: 'embedded' });
    const writer = createAncestorsWriter({ contentDir, random: seededRandom(`journey-${language}`) });
    const journey = await writer.write({ language, input: 'my grandmother Rosa', wordsPerMinute: pipeline.wordsPerMinute(language) });
    // The day whose reflection invites silence, if this journey has one, else the first.
    const day = journey.days.find((d) => d.script.includes('[silence]')) ?? journey.days[0]!;
    const audio = await pipeline.voiceText({ text: day.script, language, ambient: false, targetSeconds: day.targetSeconds });
    expect(Math.abs(audio.durationSeconds - day.targetSeconds)).toBeLessThanOrEqual(LENGTH_TOLERANCE_SECONDS);
    expect(audio.data.length).toBeLessThanOrEqual(1_500_000);
  });
});
