import { describe, expect, it } from 'vitest';
import { PAUSE_RANGES, type PauseKind } from '../text/pauses';
import { LEAD_IN_SECONDS, planTimeline, TAIL_SECONDS, TEMPO_RANGE } from './timeline';

const pauses: (PauseKind | 'end')[] = [...Array<PauseKind>(20).fill('sentence'), 'paragraph', 'scripture', 'silence', 'sentence', 'end'];
const speechSeconds = pauses.map(() => 4);

describe('planTimeline', () => {
  it('gives each gap a natural length inside its range, varying from one to the next, the same for the same seed', () => {
    const plan = planTimeline({ speechSeconds, pauses, ambient: true, seed: 'a prayer' });
    plan.gapSeconds.forEach((gap, i) => {
      const kind = pauses[i]!;
      const range = kind === 'end' ? { min: TAIL_SECONDS.ambient, max: TAIL_SECONDS.ambient } : PAUSE_RANGES[kind];
      expect(gap).toBeGreaterThanOrEqual(range.min);
      expect(gap).toBeLessThanOrEqual(range.max);
    });
    const sentenceGaps = plan.gapSeconds.slice(0, 20);
    expect(new Set(sentenceGaps.map((gap) => gap.toFixed(2))).size).toBeGreaterThan(10);
    expect(Math.max(...sentenceGaps) - Math.min(...sentenceGaps)).toBeGreaterThan(0.15);
    expect(plan.tempo).toBe(1);
    expect(planTimeline({ speechSeconds, pauses, ambient: true, seed: 'a prayer' })).toEqual(plan);
    expect(planTimeline({ speechSeconds, pauses, ambient: true, seed: 'another' }).gapSeconds).not.toEqual(plan.gapSeconds);
  });

  it('meets a target by moving the gaps within their ranges, the tempo left alone', () => {
    const natural = planTimeline({ speechSeconds, pauses, ambient: true, seed: 's' }).totalSeconds;
    for (const targetSeconds of [natural - 4, natural + 4]) {
      const plan = planTimeline({ speechSeconds, pauses, ambient: true, seed: 's', targetSeconds });
      expect(plan.totalSeconds).toBeCloseTo(targetSeconds, 6);
      expect(plan.tempo).toBe(1);
      expect(plan.gapSeconds[22]).toBeGreaterThanOrEqual(PAUSE_RANGES.silence.min);
    }
  });

  it('changes the tempo when the gaps are not enough, never beyond its range', () => {
    const base = { speechSeconds, pauses, ambient: false, seed: 's' };
    const short = planTimeline({ ...base, targetSeconds: 115 });
    expect(short.tempo).toBeGreaterThan(1);
    expect(short.totalSeconds).toBeCloseTo(115, 6);
    expect(short.gapSeconds.slice(0, 20).every((gap) => gap === PAUSE_RANGES.sentence.min)).toBe(true);
    const long = planTimeline({ ...base, targetSeconds: 140 });
    expect(long.tempo).toBeLessThan(1);
    expect(long.totalSeconds).toBeCloseTo(140, 6);
    // Far off: the tempo stops at its bound and the length misses (the writer is asked again).
    const far = planTimeline({ ...base, targetSeconds: 60 });
    expect(far.tempo).toBe(TEMPO_RANGE.max);
    expect(far.totalSeconds).toBeGreaterThan(90);
    expect(planTimeline({ ...base }).leadInSeconds).toBe(LEAD_IN_SECONDS.plain);
  });
});
