import { describe, expect, it } from 'vitest';
import { DAY_MS } from './journeys';
import {
  ANCESTORS_DAY_TITLES,
  ANCESTORS_DEFAULTS,
  CLOCK_REFRESH_MS,
  JOURNEY_TYPES,
  LOADING_TIMEOUT_MS,
  MAX_RETRIES,
  MESSAGE_ROTATION_MS,
  MESSAGE_TRANSITION_MS,
  PERSONALIZED_COMPLETION_THRESHOLD,
  PERSONALIZED_TOTAL_DAYS,
  canRetry,
  completePersonalizedDay,
  countdown,
  createPersonalizedJourneySchema,
  dayAvailableAt,
  isDayAvailable,
  isJourneyType,
  isPersonalizedDayOpen,
  markGenerationFailed,
  personalizedCardAction,
  personalizedCardState,
  personalizedJourneyDetailSchema,
  personalizedPlanStatus,
  retryGeneration,
  type Countdown,
  type PersonalizedCardState,
  type PersonalizedDay,
  type PersonalizedDayStatus,
  type PersonalizedJourney,
  type PersonalizedJourneyStatus,
} from './personalized';

const START = new Date('2025-03-10T08:00:00.000Z');
const NOW = new Date('2025-03-12T12:00:00.000Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

function journey(overrides: Partial<PersonalizedJourney> = {}): PersonalizedJourney {
  return {
    id: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
    userId: 'u1',
    journeyType: 'ancestors',
    input: 'My grandmother Rosa',
    status: 'active',
    currentDay: 1,
    totalDays: 7,
    language: 'en',
    startedAt: START.toISOString(),
    createdAt: START.toISOString(),
    updatedAt: START.toISOString(),
    completedAt: null,
    error: null,
    title: 'Praying for Rosa',
    subtitle: 'A 7-day challenge',
    ...overrides,
  };
}

function day(dayNumber: number, overrides: Partial<PersonalizedDay> = {}): PersonalizedDay {
  return {
    journeyId: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
    dayNumber,
    status: 'generated',
    title: ANCESTORS_DAY_TITLES[dayNumber - 1] ?? `Day ${dayNumber}`,
    subtitle: '',
    audioUrl: `/media/day${dayNumber}.mp3`,
    duration: 130,
    bibleVerse: { text: 'Blessed are those who mourn.', reference: 'Matthew 5:4' },
    reflection: 'Reflect.',
    prayer: 'Pray.',
    availableAt: dayAvailableAt(START, dayNumber).toISOString(),
    completedAt: null,
    ...overrides,
  };
}

/** Seven days; the first `completed` are completed. */
function week(completed: number): PersonalizedDay[] {
  return Array.from({ length: 7 }, (_, i) =>
    day(i + 1, i < completed ? { status: 'completed', completedAt: dayAvailableAt(START, i + 1).toISOString() } : {}),
  );
}

describe('constants (spec section 9)', () => {
  it('match the spec', () => {
    expect(PERSONALIZED_TOTAL_DAYS).toBe(7);
    expect(PERSONALIZED_COMPLETION_THRESHOLD).toBe(0.95);
    expect(LOADING_TIMEOUT_MS).toBe(120_000);
    expect(MAX_RETRIES).toBe(3);
    expect(MESSAGE_ROTATION_MS).toBe(3000);
    expect(MESSAGE_TRANSITION_MS).toBe(500);
    expect(CLOCK_REFRESH_MS).toBe(60_000);
    expect(ANCESTORS_DEFAULTS).toEqual({ totalDays: 7, totalDuration: 15 });
    expect(JOURNEY_TYPES).toEqual(['ancestors']);
    expect(ANCESTORS_DAY_TITLES).toHaveLength(7);
    expect(isJourneyType('ancestors')).toBe(true);
    expect(isJourneyType('saints')).toBe(false);
  });
});

describe('dayAvailableAt', () => {
  it.each([
    { n: 1, at: START.getTime() },
    { n: 2, at: START.getTime() + DAY_MS },
    { n: 7, at: START.getTime() + 6 * DAY_MS },
  ])('day $n opens (n-1) days after the start', ({ n, at }) => {
    expect(dayAvailableAt(START, n).getTime()).toBe(at);
    expect(dayAvailableAt(START.toISOString(), n).getTime()).toBe(at);
  });
});

describe('isPersonalizedDayOpen (spec: personalized days)', () => {
  const past = iso(NOW.getTime() - MIN);
  const future = iso(NOW.getTime() + MIN);
  const completed = { status: 'completed' as const };

  it.each<{
    name: string;
    status: PersonalizedDayStatus;
    availableAt: string | null;
    previous: { status: PersonalizedDayStatus } | undefined;
    open: boolean;
  }>([
    { name: 'generated, previous completed, time passed', status: 'generated', availableAt: past, previous: completed, open: true },
    { name: 'available, previous completed, time passed', status: 'available', availableAt: past, previous: completed, open: true },
    { name: 'completed, previous completed, time passed', status: 'completed', availableAt: past, previous: completed, open: true },
    { name: 'time exactly now', status: 'generated', availableAt: NOW.toISOString(), previous: completed, open: true },
    { name: 'no availability time', status: 'generated', availableAt: null, previous: completed, open: true },
    { name: 'time not yet passed', status: 'generated', availableAt: future, previous: completed, open: false },
    {
      name: 'previous day generated, not completed',
      status: 'generated',
      availableAt: past,
      previous: { status: 'generated' },
      open: false,
    },
    {
      name: 'previous day available, not completed',
      status: 'generated',
      availableAt: past,
      previous: { status: 'available' },
      open: false,
    },
    { name: 'previous day unknown', status: 'generated', availableAt: past, previous: undefined, open: false },
  ])('day 3: $name -> $open', ({ status, availableAt, previous, open }) => {
    expect(isPersonalizedDayOpen({ dayNumber: 3, status, availableAt }, previous, NOW)).toBe(open);
  });

  it('a status outside the list keeps the day closed', () => {
    const odd = { dayNumber: 2, status: 'pending' as PersonalizedDayStatus, availableAt: null };
    expect(isPersonalizedDayOpen(odd, completed, NOW)).toBe(false);
  });

  it.each([
    { name: 'in the future', availableAt: future },
    { name: 'in the past', availableAt: past },
  ])('day 1 is always open (time $name, no previous day)', ({ availableAt }) => {
    expect(isPersonalizedDayOpen({ dayNumber: 1, status: 'generated', availableAt }, undefined, NOW)).toBe(true);
  });

  it('opens with the clock: one minute before it is closed, at the time it is open', () => {
    const day2 = day(2);
    const opensAt = dayAvailableAt(START, 2).getTime();
    expect(isPersonalizedDayOpen(day2, completed, new Date(opensAt - MIN))).toBe(false);
    expect(isPersonalizedDayOpen(day2, completed, new Date(opensAt))).toBe(true);
  });
});

describe('isDayAvailable', () => {
  const past = iso(NOW.getTime() - 1);
  const future = iso(NOW.getTime() + 1);
  it.each<{ status: PersonalizedDayStatus; availableAt: string | null; available: boolean }>([
    { status: 'generated', availableAt: past, available: true },
    { status: 'generated', availableAt: NOW.toISOString(), available: true },
    { status: 'generated', availableAt: null, available: true },
    { status: 'generated', availableAt: future, available: false },
    { status: 'available', availableAt: past, available: true },
    { status: 'available', availableAt: future, available: false },
    { status: 'completed', availableAt: past, available: false },
  ])('$status at $availableAt -> $available', ({ status, availableAt, available }) => {
    expect(isDayAvailable({ status, availableAt }, NOW)).toBe(available);
  });
});

describe('completePersonalizedDay (spec: completing a day)', () => {
  const at = (n: number) => new Date(dayAvailableAt(START, n).getTime() + HOUR);

  it('marks the current day completed and advances currentDay', () => {
    const result = completePersonalizedDay(journey({ currentDay: 2 }), week(1), 2, at(2));
    expect(result).toEqual({
      ok: true,
      changed: true,
      journey: journey({ currentDay: 3, updatedAt: at(2).toISOString() }),
      day: { ...day(2), status: 'completed', completedAt: at(2).toISOString() },
    });
  });

  it('completes day 1 at any time', () => {
    const early = new Date(START.getTime() - HOUR);
    const result = completePersonalizedDay(journey(), week(0), 1, early);
    expect(result).toMatchObject({ ok: true, journey: { currentDay: 2, status: 'active' }, day: { status: 'completed' } });
  });

  it('the last day completes the journey; currentDay stays at 7', () => {
    const result = completePersonalizedDay(journey({ currentDay: 7 }), week(6), 7, at(7));
    expect(result).toMatchObject({
      ok: true,
      journey: { status: 'completed', currentDay: 7, completedAt: at(7).toISOString(), updatedAt: at(7).toISOString() },
      day: { dayNumber: 7, status: 'completed', completedAt: at(7).toISOString() },
    });
  });

  it('a day other than the current one is completed without moving currentDay', () => {
    // currentDay lagging behind (data written before this rule): day 3 is open and gets completed.
    const result = completePersonalizedDay(journey({ currentDay: 2 }), week(2), 3, at(3));
    expect(result).toMatchObject({ ok: true, journey: { currentDay: 2, status: 'active' }, day: { status: 'completed' } });
  });

  it('is idempotent: a completed day changes nothing', () => {
    const current = journey({ currentDay: 3 });
    const days = week(2);
    const result = completePersonalizedDay(current, days, 2, at(3));
    expect(result).toEqual({ ok: true, changed: false, journey: current, day: days[1] });
    if (result.ok) expect(result.journey).toBe(current);
  });

  it('completing the last day again on a completed journey changes nothing', () => {
    const done = journey({ status: 'completed', currentDay: 7, completedAt: at(7).toISOString() });
    expect(completePersonalizedDay(done, week(7), 7, at(7))).toMatchObject({ ok: true, changed: false, journey: done });
  });

  it.each<{ name: string; journey: Partial<PersonalizedJourney>; days: PersonalizedDay[]; dayNumber: number; now: Date; reason: string }>([
    { name: 'journey generating', journey: { status: 'generating' }, days: week(0), dayNumber: 1, now: at(1), reason: 'journey_not_ready' },
    { name: 'journey failed', journey: { status: 'failed' }, days: week(0), dayNumber: 1, now: at(1), reason: 'journey_not_ready' },
    { name: 'day 8', journey: {}, days: week(7), dayNumber: 8, now: at(7), reason: 'day_not_found' },
    { name: 'day 0', journey: {}, days: week(0), dayNumber: 0, now: at(1), reason: 'day_not_found' },
    { name: 'day missing', journey: {}, days: week(0).slice(0, 3), dayNumber: 5, now: at(5), reason: 'day_not_found' },
    { name: 'previous day not completed', journey: { currentDay: 2 }, days: week(1), dayNumber: 3, now: at(3), reason: 'day_locked' },
    {
      name: 'time not yet passed',
      journey: { currentDay: 2 },
      days: week(1),
      dayNumber: 2,
      now: new Date(at(2).getTime() - 2 * HOUR),
      reason: 'day_locked',
    },
  ])('refuses: $name', ({ journey: overrides, days, dayNumber, now, reason }) => {
    expect(completePersonalizedDay(journey(overrides), days, dayNumber, now)).toEqual({ ok: false, reason });
  });

  it('does not mutate its input', () => {
    const current = journey({ currentDay: 2 });
    const days = week(1);
    completePersonalizedDay(current, days, 2, at(2));
    expect(current.currentDay).toBe(2);
    expect(days[1]?.status).toBe('generated');
  });
});

describe('generation failure and retry', () => {
  const failedAt = new Date(START.getTime() + 90_000);

  it.each<{ status: PersonalizedJourneyStatus; after: PersonalizedJourneyStatus }>([
    { status: 'generating', after: 'failed' },
    { status: 'failed', after: 'failed' },
    { status: 'active', after: 'active' },
    { status: 'completed', after: 'completed' },
  ])('a failed generate call on a $status journey -> $after', ({ status, after }) => {
    const result = markGenerationFailed(journey({ status }), 'Voice service down', failedAt);
    expect(result.status).toBe(after);
    expect(result.error).toBe(after === 'failed' ? 'Voice service down' : null);
  });

  it('stores a missing message as null', () => {
    expect(markGenerationFailed(journey({ status: 'generating' }), null, failedAt)).toMatchObject({ status: 'failed', error: null });
  });

  it.each<{ status: PersonalizedJourneyStatus; after: PersonalizedJourneyStatus }>([
    { status: 'failed', after: 'generating' },
    { status: 'generating', after: 'generating' },
    { status: 'active', after: 'active' },
    { status: 'completed', after: 'completed' },
  ])('retry of a $status journey -> $after', ({ status, after }) => {
    const before = journey({ status, error: status === 'failed' ? 'boom' : null });
    const result = retryGeneration(before, failedAt);
    expect(result.status).toBe(after);
    expect(result.error).toBeNull();
    if (status !== 'failed') expect(result).toBe(before);
  });

  it.each([
    { retries: 0, allowed: true },
    { retries: 2, allowed: true },
    { retries: 3, allowed: false },
    { retries: 4, allowed: false },
  ])('after $retries retries another is allowed: $allowed', ({ retries, allowed }) => {
    expect(canRetry(retries)).toBe(allowed);
  });
});

describe('personalizedCardState and personalizedCardAction', () => {
  it.each<{ status: PersonalizedJourneyStatus | null; state: PersonalizedCardState; action: ReturnType<typeof personalizedCardAction> }>([
    { status: null, state: 'new', action: 'start' },
    { status: 'generating', state: 'generating', action: null },
    { status: 'active', state: 'in_progress', action: 'continue' },
    { status: 'completed', state: 'completed', action: 'replay' },
    { status: 'failed', state: 'failed', action: 'retry' },
  ])('$status -> $state / $action', ({ status, state, action }) => {
    const computed = personalizedCardState(status ? { status } : null);
    expect(computed).toBe(state);
    expect(personalizedCardAction(computed)).toBe(action);
  });
});

describe('countdown', () => {
  /** A fixed zone: Warsaw is UTC+1 in winter (until 2025-03-30 02:00) and UTC+2 in summer. */
  const ZONE = 'Europe/Warsaw';
  /** 2025-03-12 13:00 in Warsaw. */
  const MIDDAY = new Date('2025-03-12T12:00:00.000Z');
  /** 2025-03-12 22:30 in Warsaw: 3 hours ahead is tomorrow already. */
  const LATE_EVENING = new Date('2025-03-12T21:30:00.000Z');
  const after = (ms: number, now = MIDDAY, zone = ZONE) => countdown(new Date(now.getTime() + ms), now, zone);

  it.each<{ name: string; ms: number; now?: Date; expected: Countdown }>([
    { name: 'exactly now', ms: 0, expected: { kind: 'open' } },
    { name: 'in the past', ms: -5 * HOUR, expected: { kind: 'open' } },
    { name: 'in 1 ms (rounded up to a minute)', ms: 1, expected: { kind: 'hours', hours: 0, minutes: 1 } },
    { name: 'in 30 s', ms: 30_000, expected: { kind: 'hours', hours: 0, minutes: 1 } },
    { name: 'in 59 min', ms: 59 * MIN, expected: { kind: 'hours', hours: 0, minutes: 59 } },
    { name: 'in 59 min 30 s', ms: 59 * MIN + 30_000, expected: { kind: 'hours', hours: 1, minutes: 0 } },
    { name: 'in 5 h 7 min', ms: 5 * HOUR + 7 * MIN, expected: { kind: 'hours', hours: 5, minutes: 7 } },
    { name: 'in 10 h 59 min (23:59 today)', ms: 10 * HOUR + 59 * MIN, expected: { kind: 'hours', hours: 10, minutes: 59 } },
    { name: 'in 11 h (midnight: tomorrow)', ms: 11 * HOUR, expected: { kind: 'tomorrow' } },
    { name: 'in 23 h', ms: 23 * HOUR, expected: { kind: 'tomorrow' } },
    { name: 'in 25 h', ms: 25 * HOUR, expected: { kind: 'tomorrow' } },
    { name: 'in 34 h 59 min (23:59 tomorrow)', ms: 34 * HOUR + 59 * MIN, expected: { kind: 'tomorrow' } },
    { name: 'in 35 h (the day after tomorrow)', ms: 35 * HOUR, expected: { kind: 'days', days: 2 } },
    { name: 'in 47 h', ms: 47 * HOUR, expected: { kind: 'days', days: 2 } },
    { name: 'in 72 h', ms: 72 * HOUR, expected: { kind: 'days', days: 3 } },
    { name: 'in 6 days', ms: 6 * DAY_MS, expected: { kind: 'days', days: 6 } },
    { name: 'at 22:30, in 1 h', now: LATE_EVENING, ms: HOUR, expected: { kind: 'hours', hours: 1, minutes: 0 } },
    { name: 'at 22:30, in 3 h', now: LATE_EVENING, ms: 3 * HOUR, expected: { kind: 'tomorrow' } },
    { name: 'at 22:30, in 25 h', now: LATE_EVENING, ms: 25 * HOUR, expected: { kind: 'tomorrow' } },
    { name: 'at 22:30, in 26 h', now: LATE_EVENING, ms: 26 * HOUR, expected: { kind: 'days', days: 2 } },
  ])('$name -> $expected', ({ ms, now, expected }) => {
    expect(after(ms, now)).toEqual(expected);
  });

  it("counts the calendar days of the person's time zone", () => {
    // 22:30 in Warsaw is 17:30 in New York: 3 hours ahead is still today there.
    expect(after(3 * HOUR, LATE_EVENING, 'America/New_York')).toEqual({ kind: 'hours', hours: 3, minutes: 0 });
    expect(after(3 * HOUR, LATE_EVENING, ZONE)).toEqual({ kind: 'tomorrow' });
    // Across the change to summer time (2025-03-30, a 23-hour day): Saturday 23:30 + 25 h is Monday 01:30.
    const saturdayNight = new Date('2025-03-29T22:30:00.000Z');
    expect(after(25 * HOUR, saturdayNight)).toEqual({ kind: 'days', days: 2 });
    expect(after(23 * HOUR, saturdayNight)).toEqual({ kind: 'tomorrow' });
  });

  it('accepts ISO strings and treats a missing time as open', () => {
    expect(countdown(iso(NOW.getTime() + 2 * HOUR), NOW, 'UTC')).toEqual({ kind: 'hours', hours: 2, minutes: 0 });
    expect(countdown(null, NOW, ZONE)).toEqual({ kind: 'open' });
  });
});

describe('personalizedPlanStatus', () => {
  const at = (n: number) => new Date(dayAvailableAt(START, n).getTime() + HOUR);

  it('new journey: day 1 open with Begin', () => {
    expect(personalizedPlanStatus(journey(), week(0), START)).toEqual({ kind: 'open', day: 1, begin: true });
  });
  it('current day open: Continue', () => {
    expect(personalizedPlanStatus(journey({ currentDay: 3 }), week(2), at(3))).toEqual({ kind: 'open', day: 3, begin: false });
  });
  it('current day not yet open: waiting with its time', () => {
    const now = new Date(START.getTime() + 2 * HOUR);
    expect(personalizedPlanStatus(journey({ currentDay: 2 }), week(1), now)).toEqual({
      kind: 'waiting',
      day: 2,
      availableAt: dayAvailableAt(START, 2).toISOString(),
    });
  });
  it.each<{ status: PersonalizedJourneyStatus; kind: string }>([
    { status: 'completed', kind: 'completed' },
    { status: 'generating', kind: 'pending' },
    { status: 'failed', kind: 'pending' },
  ])('$status journey -> $kind', ({ status, kind }) => {
    expect(personalizedPlanStatus(journey({ status }), week(0), NOW).kind).toBe(kind);
  });
  it('a missing current day is pending', () => {
    expect(personalizedPlanStatus(journey({ currentDay: 4 }), week(3).slice(0, 3), NOW)).toEqual({ kind: 'pending' });
  });
});

describe('API schemas', () => {
  const valid = { journeyType: 'ancestors', input: '  My grandmother Rosa  ', language: 'es' };

  it('trims the input and accepts an optional client-made uuid', () => {
    expect(createPersonalizedJourneySchema.parse(valid)).toEqual({ ...valid, input: 'My grandmother Rosa' });
    const journeyId = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
    expect(createPersonalizedJourneySchema.parse({ ...valid, journeyId }).journeyId).toBe(journeyId);
  });

  it.each([
    { name: 'empty input', body: { ...valid, input: '' } },
    { name: 'blank input', body: { ...valid, input: ' \n\t ' } },
    { name: 'input over 500 chars after trimming', body: { ...valid, input: 'a'.repeat(501) } },
    { name: 'unknown type', body: { ...valid, journeyType: 'saints' } },
    { name: 'unknown language', body: { ...valid, language: 'fr' } },
    { name: 'missing language', body: { journeyType: 'ancestors', input: 'Rosa' } },
    { name: 'journeyId not a uuid', body: { ...valid, journeyId: 'abc' } },
    { name: 'extra field', body: { ...valid, userId: 'someone-else' } },
  ])('rejects $name', ({ body }) => {
    expect(createPersonalizedJourneySchema.safeParse(body).success).toBe(false);
  });

  it('accepts 500 characters with surrounding blanks', () => {
    expect(createPersonalizedJourneySchema.parse({ ...valid, input: ` ${'a'.repeat(500)} ` }).input).toHaveLength(500);
  });

  it("describes a journey with its days and the server's clock", () => {
    const detail = { ...journey(), days: week(2), firstDayStream: null, serverTime: '2026-11-22T08:00:00.000Z' };
    expect(personalizedJourneyDetailSchema.parse(detail)).toEqual(detail);
    expect(personalizedJourneyDetailSchema.safeParse({ ...detail, status: 'paused' }).success).toBe(false);
    const { serverTime: _serverTime, ...withoutClock } = detail;
    expect(personalizedJourneyDetailSchema.safeParse(withoutClock).success).toBe(false);
    const voicing = { ...detail, days: [], firstDayStream: { url: '/media/private/u/streams/j.day-1.m3u8?exp=1&sig=s', seconds: 150 } };
    expect(personalizedJourneyDetailSchema.parse(voicing)).toEqual(voicing);
    expect(personalizedJourneyDetailSchema.safeParse({ ...detail, firstDayStream: { url: 'x', seconds: -1 } }).success).toBe(false);
  });
});
