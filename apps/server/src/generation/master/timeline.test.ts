import { describe, expect, it } from 'vitest';
import { PAUSE_RANGES, type PauseKind } from '../text/pauses';
import { LEAD_IN_SECONDS, planStreamingTimeline, planTimeline, TAIL_SECONDS, TEMPO_RANGE } from './timeline';

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

describe('planStreamingTimeline', () => {
  const plain = { pauses, ambient: false, seed: 'streamed' } as const;
  const voice = (plan: ReturnType<typeof planStreamingTimeline>, spoken: readonly number[]) =>
    spoken.map((seconds, i) => plan.gapAfter(i, seconds));

  it('plans as planTimeline does when the speech is as estimated', () => {
    const targetSeconds = planTimeline({ ...plain, speechSeconds }).totalSeconds + 3;
    const whole = planTimeline({ ...plain, speechSeconds, targetSeconds });
    const plan = planStreamingTimeline({ ...plain, speechSeconds, targetSeconds });
    const gaps = voice(plan, speechSeconds);
    gaps.forEach((gap, i) => expect(gap).toBeCloseTo(whole.gapSeconds[i]!, 6));
    expect(plan.timeline().totalSeconds).toBeCloseTo(targetSeconds, 6);
  });

  it('meets the target with the gaps when the voice is a little slower or faster than estimated, the tempo fixed at the start', () => {
    for (const factor of [0.93, 1.07]) {
      const targetSeconds = planTimeline({ ...plain, speechSeconds }).totalSeconds;
      const plan = planStreamingTimeline({ ...plain, speechSeconds, targetSeconds });
      const spoken = speechSeconds.map((seconds, i) => seconds * factor * (i % 2 ? 1.05 : 0.95));
      const gaps = voice(plan, spoken);
      gaps.forEach((gap, i) => {
        const kind = pauses[i]!;
        const range = kind === 'end' ? { min: TAIL_SECONDS.plain, max: TAIL_SECONDS.plain } : PAUSE_RANGES[kind];
        expect(gap).toBeGreaterThanOrEqual(range.min - 1e-9);
        expect(gap).toBeLessThanOrEqual(range.max + 1e-9);
      });
      const timeline = plan.timeline();
      expect(timeline.tempo).toBe(plan.tempo);
      expect(timeline.clipSeconds).toEqual(spoken);
      expect(Math.abs(timeline.totalSeconds - targetSeconds)).toBeLessThan(1.5);
    }
  });

  it('takes the clips in order only, and has no timeline until every gap is chosen', () => {
    const plan = planStreamingTimeline({ ...plain, speechSeconds });
    expect(() => plan.gapAfter(1, 4)).toThrow(/out of order/);
    plan.gapAfter(0, 4);
    expect(() => plan.timeline()).toThrow(/not finished/);
  });
});
