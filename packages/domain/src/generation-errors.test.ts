import { describe, expect, it } from 'vitest';
import { generationErrorOf } from './generation-errors';

describe('generationErrorOf', () => {
  it('keeps the known codes', () => {
    expect(generationErrorOf('GENERATION_FAILED')).toBe('GENERATION_FAILED');
    expect(generationErrorOf('GENERATION_TIMED_OUT')).toBe('GENERATION_TIMED_OUT');
  });

  it('turns nothing, unknown codes and internal messages into GENERATION_FAILED', () => {
    expect(generationErrorOf(null)).toBe('GENERATION_FAILED');
    expect(generationErrorOf(undefined)).toBe('GENERATION_FAILED');
    expect(generationErrorOf('')).toBe('GENERATION_FAILED');
    expect(generationErrorOf('generation_timed_out')).toBe('GENERATION_FAILED');
    expect(generationErrorOf('TypeError: fetch failed at voice.ts:42')).toBe('GENERATION_FAILED');
  });
});
