import { describe, expect, it } from 'vitest';
import { mapInOrder, mapWithConcurrency } from './map-with-concurrency';

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

describe('mapInOrder', () => {
  it('yields each result in order as soon as it and those before it are ready, never more than the limit in flight', async () => {
    let running = 0;
    let most = 0;
    const finished: number[] = [];
    const yielded: { value: number; finishedBefore: number }[] = [];
    for await (const value of mapInOrder([30, 5, 20, 1, 10], 2, async (ms, index) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running--;
      finished.push(index);
      return index;
    })) {
      yielded.push({ value, finishedBefore: finished.length });
    }
    expect(yielded.map((item) => item.value)).toEqual([0, 1, 2, 3, 4]);
    // The first result comes before the last call has even started.
    expect(yielded[0]!.finishedBefore).toBeLessThan(5);
    expect(most).toBe(2);
  });

  it('throws a failure in its turn, after the results before it, and nothing is left unhandled', async () => {
    const seen: number[] = [];
    const run = async () => {
      for await (const value of mapInOrder([1, 2, 3], 3, async (n) => {
        if (n === 3) throw new Error('voice failed');
        await new Promise((resolve) => setTimeout(resolve, 10));
        return n;
      })) {
        seen.push(value);
      }
    };
    await expect(run()).rejects.toThrow('voice failed');
    expect(seen).toEqual([1, 2]);
  });
});
