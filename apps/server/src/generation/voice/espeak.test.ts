import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeAudio } from '../master/measure-audio';
import { createEspeakVoice, ESPEAK_THREADS, warmEspeak } from './espeak';

/** 16-bit PCM of a WAV that encodeWav wrote (44-byte header). */
const samplesOf = (wav: Buffer) => new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));

describe('espeak-ng voice', () => {
  const voice = createEspeakVoice();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'selah-espeak-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each([
    ['en', 'Lord, you are my shepherd, and I shall not want.'],
    ['es', 'Señor, tú eres mi pastor, y nada me faltará.'],
    ['pl', 'Panie, Ty jesteś moim pasterzem, niczego mi nie braknie.'],
  ] as const)('speaks %s: a WAV of a few seconds that is not silent', async (language, text) => {
    const audio = await voice.synthesize({ text, language });
    expect(audio.extension).toBe('wav');
    expect(audio.data.toString('ascii', 0, 4)).toBe('RIFF');
    const samples = samplesOf(audio.data);
    const peak = samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0);
    expect(peak).toBeGreaterThan(8000);

    const file = path.join(dir, `${language}.wav`);
    await writeFile(file, audio.data);
    const analysis = await analyzeAudio(file);
    expect(analysis.channels).toBe(1);
    expect(analysis.durationSeconds).toBeGreaterThan(2);
    expect(analysis.durationSeconds).toBeLessThan(6);
    expect(analysis.meanVolumeDb).toBeGreaterThan(-35);
    expect(analysis.integratedLufs).toBeGreaterThan(-35);
  });

  it('warms every engine of the pool, and sentences voiced at once all come back', async () => {
    await warmEspeak();
    const voice = createEspeakVoice();
    expect(voice.concurrency).toBe(ESPEAK_THREADS);
    const clips = await Promise.all(['One.', 'Two.', 'Three.', 'Four.'].map((text) => voice.synthesize({ text, language: 'en' })));
    for (const clip of clips) expect(clip.data.length).toBeGreaterThan(1000);
  });

  it('reads characters that would be SSML markup as text', async () => {
    const audio = await voice.synthesize({ text: 'Bread & wine <for> all.', language: 'en' });
    expect(samplesOf(audio.data).length).toBeGreaterThan(22_050);
  });
});
