import { describe, expect, it } from 'vitest';
import { cuesOf, toWebVtt, vttTime } from './cues';

describe('cues of a master', () => {
  it('places each line after the lead-in and the gaps before it, through the tempo', () => {
    const cues = cuesOf({ leadInSeconds: 0.3, clipSeconds: [2, 3, 1], gapSeconds: [0.5, 6.5, 0.8], tempo: 1, totalSeconds: 14.1 }, [
      'Lord, be near.',
      'Quiet my heart. ',
      'Amen.',
    ]);
    expect(cues).toEqual([
      { start: 0.3, end: 2.3, text: 'Lord, be near.' },
      { start: 2.8, end: 5.8, text: 'Quiet my heart.' },
      { start: 12.3, end: 13.3, text: 'Amen.' },
    ]);
  });

  it('shortens the spoken parts when the voice is sped up', () => {
    const [first, second] = cuesOf({ leadInSeconds: 1, clipSeconds: [2.2, 1.1], gapSeconds: [1, 1], tempo: 1.1, totalSeconds: 6 }, [
      'a',
      'b',
    ]);
    expect(first).toEqual({ start: 1, end: 3, text: 'a' });
    expect(second).toEqual({ start: 4, end: 5, text: 'b' });
  });

  it('refuses a timeline and texts that do not match', () => {
    expect(() => cuesOf({ leadInSeconds: 0, clipSeconds: [1], gapSeconds: [1], tempo: 1, totalSeconds: 2 }, [])).toThrow();
  });
});

describe('WebVTT', () => {
  it('writes times as hh:mm:ss.ttt', () => {
    expect(vttTime(0)).toBe('00:00:00.000');
    expect(vttTime(75.5)).toBe('00:01:15.500');
    expect(vttTime(3725.0004)).toBe('01:02:05.000');
  });

  it('writes numbered cues and escapes what WebVTT reserves', () => {
    const vtt = toWebVtt([
      { start: 0.3, end: 2, text: 'Faith & hope <now>' },
      { start: 2.5, end: 4, text: 'A line\nbroken --> here' },
    ]);
    expect(vtt).toBe(
      'WEBVTT\n\n1\n00:00:00.300 --> 00:00:02.000\nFaith &amp; hope &lt;now&gt;\n\n2\n00:00:02.500 --> 00:00:04.000\nA line broken --&gt; here\n',
    );
  });
});
