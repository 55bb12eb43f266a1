import { describe, expect, it } from 'vitest';
import { mapWithConcurrency } from './map-with-concurrency';

describe('mapWithConcurrency', () => {
  it('keeps the order of the results and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapWithConcurrency([30, 5, 20, 1, 10], 2, async (ms, index) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running--;
      return index * 10;
    });
    expect(results).toEqual([0, 10, 20, 30, 40]);
    expect(most).toBe(2);
  });

  it('rejects with the first error and starts nothing after it', async () => {
    const started: number[] = [];
    await expect(
      mapWithConcurrency([1, 2, 3, 4], 1, async (n) => {
        started.push(n);
        if (n === 2) throw new Error('voice failed');
        return n;
      }),
    ).rejects.toThrow('voice failed');
    expect(started).toEqual([1, 2]);
  });
});
