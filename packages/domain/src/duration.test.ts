import { describe, expect, it } from 'vitest';
import { formatClock, formatDuration, formatMinutes } from './duration';

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
  it('writes whole minutes as Intl writes them short in every language we offer', () => {
    for (const minutes of [0, 1, 3, 15, 22, 999]) {
      for (const language of ['en', 'es', 'pl']) {
        const intl = new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(minutes);
        expect(formatMinutes(minutes)).toBe(intl);
      }
    }
  });
  it('rounds, and shows 0 min for nothing', () => {
    expect(formatMinutes(14.6)).toBe('15 min');
    expect(formatMinutes(-3)).toBe('0 min');
    expect(formatMinutes(Number.NaN)).toBe('0 min');
  });
});
