import { describe, expect, it } from 'vitest';
import { durationParts, formatClock, formatDuration, formatMinutes, type DurationPartWriter } from './duration';

describe('formatDuration', () => {
  it('shows hours, minutes and seconds', () => {
    expect(formatDuration(3725)).toBe('1 hr 2 min 5 sec');
  });
  it('omits zero parts', () => {
    expect(formatDuration(180)).toBe('3 min');
    expect(formatDuration(3600)).toBe('1 hr');
    expect(formatDuration(3605)).toBe('1 hr 5 sec');
    expect(formatDuration(45)).toBe('45 sec');
    expect(formatDuration(7260)).toBe('2 hr 1 min');
  });
  it('shows 0 sec for nothing', () => {
    expect(formatDuration(0)).toBe('0 sec');
    expect(formatDuration(0.4)).toBe('0 sec');
  });
  it('rounds to whole seconds', () => {
    expect(formatDuration(59.6)).toBe('1 min');
    expect(formatDuration(61.4)).toBe('1 min 1 sec');
  });
  it('treats negative and unknown durations as zero', () => {
    expect(formatDuration(-5)).toBe('0 sec');
    expect(formatDuration(Number.NaN)).toBe('0 sec');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0 sec');
  });
});

describe('formatClock', () => {
  it('pads seconds and shows hours only when needed', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.9)).toBe('1:05');
    expect(formatClock(600)).toBe('10:00');
    expect(formatClock(3725)).toBe('1:02:05');
  });
  it('treats negative and unknown times as zero', () => {
    expect(formatClock(-1)).toBe('0:00');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
});

describe('formatMinutes', () => {
  it('writes whole minutes with the English unit by default', () => {
    expect(formatMinutes(15)).toBe('15 min');
    expect(formatMinutes(1)).toBe('1 min');
  });
  it('rounds, and shows 0 min for nothing', () => {
    expect(formatMinutes(14.6)).toBe('15 min');
    expect(formatMinutes(-3)).toBe('0 min');
    expect(formatMinutes(Number.NaN)).toBe('0 min');
  });
  it('writes the unit of the given language', () => {
    expect(formatMinutes(14.6, ({ value }) => `${value} minutos`)).toBe('15 minutos');
  });
});

describe('durationParts', () => {
  it('gives hours, minutes and seconds without the zero parts', () => {
    expect(durationParts(3725)).toEqual([
      { unit: 'hours', value: 1 },
      { unit: 'minutes', value: 2 },
      { unit: 'seconds', value: 5 },
    ]);
    expect(durationParts(3605)).toEqual([
      { unit: 'hours', value: 1 },
      { unit: 'seconds', value: 5 },
    ]);
    expect(durationParts(180)).toEqual([{ unit: 'minutes', value: 3 }]);
  });
  it('gives 0 seconds for nothing', () => {
    expect(durationParts(0)).toEqual([{ unit: 'seconds', value: 0 }]);
    expect(durationParts(-1)).toEqual([{ unit: 'seconds', value: 0 }]);
  });
});

describe('formatDuration in other languages', () => {
  const polish: DurationPartWriter = ({ unit, value }) => `${value} ${{ hours: 'godz.', minutes: 'min', seconds: 's' }[unit]}`;
  it('writes each part with the given units, in the same order', () => {
    expect(formatDuration(3725, polish)).toBe('1 godz. 2 min 5 s');
    expect(formatDuration(45, polish)).toBe('45 s');
    expect(formatDuration(0, polish)).toBe('0 s');
  });
});
