import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { countdown, type PersonalizedDay } from '@selah/domain/personalized-rules';
import { countdownText, dayCardState } from './shared';

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
    const opensAt = at(24).toISOString();
    expect(countdownText(t, countdown(opensAt, at(0.5)))).toBe('plan.availableIn {"hours":23,"minutes":30}');
    expect(countdownText(t, countdown(at(48).toISOString(), at(0.5)))).toBe('plan.availableTomorrow');
    expect(countdownText(t, countdown(at(96).toISOString(), at(0.5)))).toBe('plan.availableInDays {"count":3}');
    expect(countdownText(t, countdown(opensAt, at(24)))).toBeNull();
  });
});
