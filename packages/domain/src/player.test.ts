import { describe, expect, it } from 'vitest';
import { skipTarget } from './player';

describe('skipTarget', () => {
  it('moves by the delta inside the track', () => {
    expect(skipTarget(30, 15, 180)).toBe(45);
    expect(skipTarget(30, -15, 180)).toBe(15);
  });

  it('is clamped between 0 and the duration', () => {
    expect(skipTarget(10, -15, 180)).toBe(0);
    expect(skipTarget(170, 15, 180)).toBe(180);
    expect(skipTarget(180, 15, 180)).toBe(180);
  });

  it('keeps only the lower bound while the duration is unknown', () => {
    expect(skipTarget(10, 15, 0)).toBe(25);
    expect(skipTarget(10, -15, Number.NaN)).toBe(0);
    expect(skipTarget(Number.NaN, 15, 180)).toBe(15);
  });
});
