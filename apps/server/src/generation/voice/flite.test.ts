import { describe, expect, it } from 'vitest';
import { createEmbeddedVoice } from './embedded';
import { createFliteVoice, FLITE_THREADS, warmFlite } from './flite';

/** 16-bit PCM of a WAV that encodeWav wrote (44-byte header). */
const samplesOf = (wav: Buffer) => new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.length));

describe('Flite voice', () => {
  const voice = createFliteVoice();

  it('speaks English: a WAV of a few seconds that is not silent', async () => {
    const audio = await voice.synthesize({ text: 'Lord, you are my shepherd, and I shall not want.', language: 'en' });
    expect(audio.extension).toBe('wav');
    expect(audio.data.readUInt32LE(24)).toBe(16_000);
    const samples = samplesOf(audio.data);
    expect(samples.length / 16_000).toBeGreaterThan(2);
    expect(samples.length / 16_000).toBeLessThan(6);
    expect(samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0)).toBeGreaterThan(8000);
  });

  it('voices many sentences at once on every engine, again and again, without running out of memory', async () => {
    await warmFlite();
    const texts = Array.from({ length: 48 }, (_, i) => `This is sentence ${i + 1}, and the Lord is near to all who call on him.`);
    const clips = await Promise.all(texts.map((text) => voice.synthesize({ text, language: 'en' })));
    expect(clips.every((clip) => clip.data.length > 16_000)).toBe(true);
    expect(voice.concurrency).toBe(FLITE_THREADS);
  }, 60_000);

  it('refuses other languages, which the embedded voice gives to espeak-ng', async () => {
    await expect(voice.synthesize({ text: 'Hola.', language: 'es' })).rejects.toThrow('flite: speaks English only');
    const embedded = createEmbeddedVoice();
    const spanish = await embedded.synthesize({ text: 'Señor, tú eres mi pastor.', language: 'es' });
    // espeak-ng answers at its own rate (22.05 kHz), Flite at 16 kHz.
    expect(spanish.data.readUInt32LE(24)).toBe(22_050);
    expect(embedded.wordsPerMinute).toMatchObject({ en: 155, es: 123, pl: 104 });
  });

  it('reads words that look like its own options as text', async () => {
    const audio = await voice.synthesize({ text: '-voice -o out.wav --help', language: 'en' });
    expect(samplesOf(audio.data).length).toBeGreaterThan(8_000);
  });
});
