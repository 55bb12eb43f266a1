import { describe, expect, it, vi } from 'vitest';
import { withFallback } from './with-fallback';
import type { PrayerRequest, PrayerWriter, WrittenPrayer } from './writer';
import { generalSituation } from '../understanding/situation';

const request: PrayerRequest = {
  language: 'en',
  experience: 'prayer',
  focus: 'faith',
  description: '',
  goals: [],
  lengthMinutes: 3,
  targetWords: 390,
  situation: generalSituation('en', 'faith'),
};

const writerOf = (name: string, write: (request: PrayerRequest) => Promise<WrittenPrayer>): PrayerWriter & { write: typeof write } => ({
  name,
  write: vi.fn(write),
});

describe('withFallback', () => {
  it("returns the primary's prayer and leaves the fallback alone", async () => {
    const primary = writerOf('llm', () => Promise.resolve({ title: 'From the model', text: 'Lord, you are near.' }));
    const fallback = writerOf('composer', () => Promise.resolve({ title: 'Composed', text: 'Father, you are faithful.' }));
    const onFallback = vi.fn();
    const writer = withFallback(primary, fallback, onFallback);
    expect(writer.name).toBe('llm|composer');
    await expect(writer.write(request)).resolves.toEqual({ title: 'From the model', text: 'Lord, you are near.' });
    expect(primary.write).toHaveBeenCalledWith(request);
    expect(fallback.write).not.toHaveBeenCalled();
    expect(onFallback).not.toHaveBeenCalled();
  });

  it("hands the primary's failure to onFallback once and returns the fallback's prayer", async () => {
    const failure = new Error('no answer within 20 s');
    const primary = writerOf('llm', () => Promise.reject(failure));
    const fallback = writerOf('composer', () => Promise.resolve({ title: 'Composed', text: 'Father, you are faithful.' }));
    const onFallback = vi.fn();
    await expect(withFallback(primary, fallback, onFallback).write(request)).resolves.toEqual({
      title: 'Composed',
      text: 'Father, you are faithful.',
    });
    expect(onFallback).toHaveBeenCalledTimes(1);
    expect(onFallback).toHaveBeenCalledWith(failure);
    expect(fallback.write).toHaveBeenCalledWith(request);
  });

  it("throws the fallback's own failure", async () => {
    const primary = writerOf('llm', () => Promise.reject(new Error('down')));
    const fallback = writerOf('composer', () => Promise.reject(new Error('composer broke')));
    await expect(withFallback(primary, fallback, () => {}).write(request)).rejects.toThrow('composer broke');
  });
});
