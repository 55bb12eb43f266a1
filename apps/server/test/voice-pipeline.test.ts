import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffprobe from '@ffprobe-installer/ffprobe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executable, runFfmpeg } from '../src/generation/master/ffmpeg';
import { masterSpeech } from '../src/generation/master/master-speech';
import { analyzeAudio } from '../src/generation/master/measure-audio';
import { createEspeakVoice } from '../src/generation/voice/espeak';
import type { VoiceProvider } from '../src/generation/voice/voice-provider';
import { createVoicePipeline, createVoicePipelineFromConfig } from '../src/generation/voice-text';
import { toneFile } from '../src/testing/audio-fixtures';

/** About 60 words in two paragraphs, as the writer produces them. */
const PRAYER = `Lord, you are near. Before I say a word, you know my heart. Thank you for this day, for the people who carried me, and for small mercies I almost missed.

Teach me to trust you with tomorrow. Your word is a lamp to my feet and a light for my path. Stay with me through the night, and meet me in the morning. Amen.`;
const WORDS = PRAYER.split(/\s+/).length;

interface Probe {
  streams: Array<{ codec_name: string; channels: number; sample_rate: string; bit_rate: string; duration: string }>;
  format: { format_name: string; duration: string };
}

/** ffprobe from @ffprobe-installer (another build than the ffmpeg that made the file) reads it back. */
async function probe(file: string): Promise<Probe> {
  const { stdout } = await promisify(execFile)(executable(ffprobe.path, 'ffprobe'), [
    '-v',
    'error',
    '-show_streams',
    '-show_format',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(stdout) as Probe;
}

/** RMS level (dB) of a stretch of a file, by ffmpeg's astats; -Infinity for digital silence. */
async function rmsLevel(file: string, start: number, end: number): Promise<number> {
  const { stderr } = await runFfmpeg([
    '-ss',
    String(start),
    '-t',
    String(end - start),
    '-i',
    file,
    '-af',
    'astats=metadata=0',
    '-f',
    'null',
    '-',
  ]);
  const level = /Overall[\s\S]*?RMS level dB: (\S+)/.exec(stderr)?.[1];
  return level === '-inf' ? -Infinity : Number(level);
}

/** Temporary working folders go here, so the tests can see that none is left behind. */
const workDir = mkdtempSync(path.join(tmpdir(), 'selah-pipeline-work-'));
const leftovers = () => readdirSync(workDir);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('voiceText with the embedded voice', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'selah-pipeline-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const pipeline = createVoicePipelineFromConfig({ provider: 'embedded' }, { workDir });

  it.each([false, true])(
    'makes a mono MP3 at about -16 LUFS whose measured duration ffprobe confirms (ambient bed: %s)',
    async (ambient) => {
      const voiced = await pipeline.voiceText({ text: PRAYER, language: 'en', ambient });
      expect(voiced.contentType).toBe('audio/mpeg');
      expect(voiced.extension).toBe('mp3');
      expect(leftovers()).toEqual([]);

      const file = path.join(dir, `prayer-${ambient}.mp3`);
      await writeFile(file, voiced.data);
      const probed = await probe(file);
      expect(probed.format.format_name).toBe('mp3');
      expect(probed.streams).toHaveLength(1);
      const [stream] = probed.streams;
      expect(stream).toMatchObject({ codec_name: 'mp3', channels: 1, sample_rate: '24000', bit_rate: '56000' });
      expect(Math.abs(Number(probed.format.duration) - voiced.durationSeconds)).toBeLessThan(0.5);

      // Listening by proxy: a prayer's pace, loud enough, not clipped, not silent.
      const analysis = await analyzeAudio(file);
      expect(analysis.integratedLufs).toBeGreaterThan(-17);
      expect(analysis.integratedLufs).toBeLessThan(-15);
      expect(analysis.maxVolumeDb).toBeLessThan(-0.5);
      expect(analysis.meanVolumeDb).toBeGreaterThan(-25);
      // Flite speaks English at its natural pace, about 155 words a minute with its gaps (decision 023).
      const wordsPerMinute = WORDS / (voiced.durationSeconds / 60);
      expect(wordsPerMinute).toBeGreaterThan(110);
      expect(wordsPerMinute).toBeLessThan(170);
      // 56 kbps: 7 KB a second, whatever the content.
      expect(voiced.data.length / voiced.durationSeconds).toBeGreaterThan(6_500);
      expect(voiced.data.length / voiced.durationSeconds).toBeLessThan(7_500);
    },
  );

  it('lays the bed into the lead-in: quiet but present with it, silence without it', async () => {
    const plain = await pipeline.voiceText({ text: 'Lord, you are near.', language: 'en', ambient: false });
    const ambient = await pipeline.voiceText({ text: 'Lord, you are near.', language: 'en', ambient: true });
    await writeFile(path.join(dir, 'plain.mp3'), plain.data);
    await writeFile(path.join(dir, 'ambient.mp3'), ambient.data);
    // The voice starts after 0.3 s without the bed, after 2.5 s with it.
    expect(await rmsLevel(path.join(dir, 'plain.mp3'), 0, 0.25)).toBeLessThan(-70);
    const bed = await rmsLevel(path.join(dir, 'ambient.mp3'), 1, 2.3);
    expect(bed).toBeGreaterThan(-55);
    expect(bed).toBeLessThan(-30);
    expect(ambient.durationSeconds - plain.durationSeconds).toBeGreaterThan(4.5);
  });

  it('voices Spanish and Polish', async () => {
    for (const [language, text] of [
      ['es', '¿Dónde estás, Señor? Tú eres mi pastor. Nada me faltará.'],
      ['pl', 'Panie, Ty jesteś blisko. Prowadź mnie. Amen.'],
    ] as const) {
      const voiced = await pipeline.voiceText({ text, language, ambient: false });
      expect(voiced.durationSeconds).toBeGreaterThan(3);
      const file = path.join(dir, `${language}.mp3`);
      await writeFile(file, voiced.data);
      expect((await analyzeAudio(file)).integratedLufs).toBeGreaterThan(-17.5);
    }
  });

  it('encodes AAC in an .m4a when asked (the fallback for an ffmpeg without an MP3 encoder)', async () => {
    const espeak = createEspeakVoice();
    const clip = await espeak.synthesize({ text: 'Lord, you are near.', language: 'en' });
    const mastered = await masterSpeech({
      clips: [clip, clip],
      pauses: ['sentence', 'end'],
      seed: 'aac',
      ambient: false,
      format: 'm4a',
      workDir,
    });
    expect(mastered).toMatchObject({ contentType: 'audio/mp4', extension: 'm4a' });
    const file = path.join(dir, 'aac.m4a');
    await writeFile(file, mastered.data);
    const probed = await probe(file);
    expect(probed.streams[0]).toMatchObject({ codec_name: 'aac', channels: 1, sample_rate: '24000' });
    expect(Math.abs(Number(probed.format.duration) - mastered.durationSeconds)).toBeLessThan(0.5);
    expect((await analyzeAudio(file)).integratedLufs).toBeGreaterThan(-17.5);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a text without words', async () => {
    await expect(pipeline.voiceText({ text: ' \n\n … ', language: 'en', ambient: false })).rejects.toThrow('Nothing to voice');
  });
});

describe('voiceText with other providers', () => {
  it('masters MP3 clips at 44.1 kHz stereo, as cloud voices send them, into the same format', async () => {
    const clip = await toneFile({ format: 'mp3', seconds: 1.5, sampleRate: 44_100, channels: 2 });
    const calls: string[] = [];
    const provider: VoiceProvider = {
      name: 'tone',
      concurrency: 2,
      async synthesize({ text }) {
        calls.push(text);
        return { data: clip, extension: 'mp3' };
      },
    };
    const voiced = await createVoicePipeline(provider).voiceText({ text: 'One. Two.\n\nThree.', language: 'en', ambient: false });
    expect(calls).toEqual(['One.', 'Two.', 'Three.']);
    // 0.3 lead-in + 3 x 1.5 s + a sentence gap (0.5-0.9) + a paragraph gap (1.2-1.8) + 0.8 tail
    expect(voiced.durationSeconds).toBeGreaterThan(7.2);
    expect(voiced.durationSeconds).toBeLessThan(8.4);
  });

  it('meets a target length with any provider: gaps within their ranges, then the tempo', async () => {
    const clip = await toneFile({ format: 'mp3', seconds: 2, sampleRate: 44_100, channels: 2 });
    const provider: VoiceProvider = { name: 'tone', concurrency: 2, synthesize: async () => ({ data: clip, extension: 'mp3' }) };
    const text = 'One. Two. Three. [silence]\n\nFour. Five. [pause] Six.';
    // 6 x 2 s of speech, gaps of 0.5-0.9 (x 3), 6.5-10 and 2-3, and the ends (2.5 + 3.5): 28 to 33.7 s without
    // touching the tempo, about 31 s naturally.
    for (const targetSeconds of [29, 32, 34]) {
      const voiced = await createVoicePipeline(provider, { workDir }).voiceText({ text, language: 'en', ambient: true, targetSeconds });
      expect(Math.abs(voiced.durationSeconds - targetSeconds)).toBeLessThan(0.15);
      expect(voiced.timeline.gapSeconds[2]).toBeGreaterThanOrEqual(6);
    }
    const long = await createVoicePipeline(provider, { workDir }).voiceText({ text, language: 'en', ambient: true, targetSeconds: 34 });
    expect(long.timeline.tempo).toBeLessThan(1);
  });

  it('fails with the provider error', async () => {
    const espeak = createEspeakVoice();
    let calls = 0;
    const provider: VoiceProvider = {
      name: 'flaky',
      concurrency: 2,
      async synthesize(request) {
        if (++calls === 2) throw new Error('flaky: answered 503 Service Unavailable');
        return espeak.synthesize(request);
      },
    };
    await expect(
      createVoicePipeline(provider, { workDir }).voiceText({ text: 'One. Two. Three.', language: 'en', ambient: true }),
    ).rejects.toThrow('flaky: answered 503');
    expect(leftovers()).toEqual([]);
  });

  it('fails with what ffmpeg said when a clip is not audio, and leaves no temporary files', async () => {
    const provider: VoiceProvider = {
      name: 'garbage',
      concurrency: 1,
      synthesize: async () => ({ data: Buffer.alloc(4096, 7), extension: 'mp3' }),
    };
    await expect(createVoicePipeline(provider, { workDir }).voiceText({ text: 'One.', language: 'en', ambient: false })).rejects.toThrow(
      /^ffmpeg failed \(exit code 1\)/,
    );
    expect(leftovers()).toEqual([]);
  });
});
