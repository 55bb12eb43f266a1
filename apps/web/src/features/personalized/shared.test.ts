import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { countdown, type PersonalizedDay } from '@selah/domain/personalized-rules';
import { countdownText, dayCardState, timeLeft } from './shared';

const START = Date.UTC(2026, 10, 22, 8, 0);
const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(START + hours * HOUR);

function day(dayNumber: number, overrides: Partial<PersonalizedDay> = {}): PersonalizedDay {
  return {
    journeyId: 'j',
    dayNumber,
    status: 'generated',
    title: `Day ${dayNumber}`,
    subtitle: '',
    audioUrl: null,
    duration: 120,
    bibleVerse: { text: '', reference: '' },
    reflection: '',
    prayer: '',
    availableAt: at((dayNumber - 1) * 24).toISOString(),
    completedAt: null,
    ...overrides,
  };
}

/** Echoes the key and its values, so the test reads which text and numbers were chosen. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction<'personalized'>;

describe('dayCardState', () => {
  it('day 1 is open at once, and completed once done', () => {
    expect(dayCardState(day(1), undefined, at(0))).toBe('open');
    expect(dayCardState(day(1, { status: 'completed' }), undefined, at(0))).toBe('completed');
  });

  it('a later day waits for its time, then for the day before', () => {
    const done = day(1, { status: 'completed' });
    expect(dayCardState(day(2), done, at(3))).toBe('waiting');
    expect(dayCardState(day(2), done, at(24))).toBe('open');
    expect(dayCardState(day(2), day(1), at(30))).toBe('locked');
    expect(dayCardState(undefined, done, at(30))).toBe('locked');
  });
});

describe('countdownText', () => {
  it('words each kind of countdown', () => {
    // START is 08:00 in UTC: 14 h 30 min ahead is later today, 24 h ahead tomorrow, 96 h ahead in 4 days.
    const zone = 'UTC';
    expect(countdownText(t, countdown(at(15).toISOString(), at(0.5), zone))).toBe('plan.availableIn {"hours":14,"minutes":30}');
    expect(countdownText(t, countdown(at(24).toISOString(), at(0.5), zone))).toBe('plan.availableTomorrow');
    expect(countdownText(t, countdown(at(48).toISOString(), at(0.5), zone))).toBe('plan.availableInDays {"count":2}');
    expect(countdownText(t, countdown(at(96).toISOString(), at(0.5), zone))).toBe('plan.availableInDays {"count":4}');
    expect(countdownText(t, countdown(at(24).toISOString(), at(24), zone))).toBeNull();
  });
});

describe('timeLeft', () => {
  it("counts calendar days in the phone's time zone", () => {
    // 2026-11-22 08:00 UTC is 17:00 in Tokyo and 03:00 in New York: 8 hours ahead is tomorrow only in Tokyo.
    const opensAt = at(8).toISOString();
    expect(withZone('Asia/Tokyo', () => timeLeft(opensAt, at(0)))).toEqual({ kind: 'tomorrow' });
    expect(withZone('America/New_York', () => timeLeft(opensAt, at(0)))).toEqual({ kind: 'hours', hours: 8, minutes: 0 });
  });
});

/** Runs `run` with the time zone Intl reports as the phone's. */
function withZone<T>(timeZone: string, run: () => T): T {
  const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    ...new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions(),
  });
  try {
    return run();
  } finally {
    spy.mockRestore();
  }
}
