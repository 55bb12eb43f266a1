import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  DEFAULT_DAY_MINUTES,
  ERROR_DISPLAY_MS,
  FIXED_COMPLETION_THRESHOLD,
  JOURNEY_ORDER_DEFAULT,
  MAX_JOURNEY_CARDS,
  PREVIEW_WORDS,
  completeDay,
  dayDurationSeconds,
  deactivate,
  isDayUnlocked,
  isValidDayNumber,
  journeyCardAction,
  journeyCardState,
  journeyDayState,
  journeyDetailSchema,
  journeyTargetDay,
  nextAvailableDay,
  parseJourneyRouteId,
  previewText,
  progressActionSchema,
  progressId,
  progressSchema,
  progressStats,
  reactivate,
  recordPlayback,
  resetProgress,
  shouldOfferCompletion,
  skipDay,
  startProgress,
  toProgressResponse,
  type JourneyCardAction,
  type JourneyCardState,
  type JourneyProgress,
} from './journeys';

const T0 = new Date('2025-03-10T08:00:00.000Z');
const T1 = new Date('2025-03-11T09:30:00.000Z');
const init = { userId: 'u1', journeyId: 'faith-boost', language: 'en' } as const;

function progress(overrides: Partial<JourneyProgress> = {}): JourneyProgress {
  return { ...startProgress(null, init, T0), ...overrides };
}

describe('constants (spec section 9)', () => {
  it('match the spec', () => {
    expect(FIXED_COMPLETION_THRESHOLD).toBe(0.92);
    expect(DEFAULT_DAY_MINUTES).toBe(3);
    expect(MAX_JOURNEY_CARDS).toBe(3);
    expect(JOURNEY_ORDER_DEFAULT).toBe(999);
    expect(ERROR_DISPLAY_MS).toBe(5000);
    expect(PREVIEW_WORDS).toBe(25);
    expect(DAY_MS).toBe(86_400_000);
  });
});

describe('startProgress', () => {
  it('starts at day 1 with nothing completed, active', () => {
    expect(startProgress(null, init, T0)).toEqual({
      userId: 'u1',
      journeyId: 'faith-boost',
      language: 'en',
      completedDays: [],
      currentDay: 1,
      lastCompletedDay: 0,
      lastPlayedAt: null,
      lastPlayedDay: null,
      audioProgress: 0,
      startedAt: T0.toISOString(),
      updatedAt: T0.toISOString(),
      isActive: true,
    });
  });
  it('changes nothing when progress exists (also paused or completed)', () => {
    for (const existing of [progress({ completedDays: [1, 2], currentDay: 3 }), progress({ isActive: false })]) {
      expect(startProgress(existing, { ...init, language: 'es' }, T1)).toBe(existing);
    }
  });
});

describe('completeDay and skipDay (spec: completing day n)', () => {
  it.each([
    { name: 'day 1 of a new journey', before: {}, day: 1, completedDays: [1], currentDay: 2 },
    {
      name: 'the next day',
      before: { completedDays: [1, 2], currentDay: 3, lastCompletedDay: 2 },
      day: 3,
      completedDays: [1, 2, 3],
      currentDay: 4,
    },
    {
      name: 'the last day (currentDay goes to totalDays + 1)',
      before: { completedDays: [1, 2, 3, 4, 5, 6], currentDay: 7 },
      day: 7,
      completedDays: [1, 2, 3, 4, 5, 6, 7],
      currentDay: 8,
    },
    {
      name: 'a day ahead (unlocked by override), kept sorted',
      before: { completedDays: [1, 2] },
      day: 5,
      completedDays: [1, 2, 5],
      currentDay: 6,
    },
    {
      name: 'an earlier gap after a later day',
      before: { completedDays: [1, 2, 5], currentDay: 6, lastCompletedDay: 5 },
      day: 3,
      completedDays: [1, 2, 3, 5],
      currentDay: 4,
    },
  ])('$name', ({ before, day, completedDays, currentDay }) => {
    const start = progress(before);
    const after = completeDay(start, day, T1);
    expect(after).toEqual({ ...start, completedDays, currentDay, lastCompletedDay: day, updatedAt: T1.toISOString() });
    expect(start.completedDays).toEqual(before.completedDays ?? []); // not mutated
  });

  it('does not change isActive or the playback fields', () => {
    const paused = progress({ isActive: false, audioProgress: 0.4, lastPlayedDay: 1, lastPlayedAt: T0.toISOString() });
    expect(completeDay(paused, 1, T1)).toMatchObject({
      isActive: false,
      audioProgress: 0.4,
      lastPlayedDay: 1,
      lastPlayedAt: T0.toISOString(),
    });
  });

  it('is idempotent: completing a completed day changes nothing, not even updatedAt', () => {
    const once = completeDay(progress(), 1, T0);
    const later = completeDay(completeDay(once, 2, T0), 1, T1);
    expect(completeDay(once, 1, T1)).toBe(once);
    expect(later.currentDay).toBe(3);
    expect(later.lastCompletedDay).toBe(2);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects day %s', (day) => {
    expect(() => completeDay(progress(), day, T1)).toThrow(RangeError);
    expect(() => skipDay(progress(), day, T1)).toThrow(RangeError);
  });

  it('skip does the same and resets audioProgress to 0', () => {
    const start = progress({ audioProgress: 0.6, lastPlayedDay: 1 });
    expect(skipDay(start, 1, T1)).toEqual({ ...completeDay(start, 1, T1), audioProgress: 0 });
  });

  it('skip is idempotent; on a completed day it only resets audioProgress', () => {
    const once = skipDay(progress({ audioProgress: 0.5 }), 1, T0);
    expect(skipDay(once, 1, T1)).toBe(once);
    const replaying = { ...once, audioProgress: 0.3 };
    expect(skipDay(replaying, 1, T1)).toEqual({ ...replaying, audioProgress: 0, updatedAt: T1.toISOString() });
  });
});

describe('resetProgress, deactivate, reactivate', () => {
  const played = { lastPlayedAt: T0.toISOString(), lastPlayedDay: 3, audioProgress: 0.5 };

  it.each([
    { name: 'in progress', before: { completedDays: [1, 2], currentDay: 3, lastCompletedDay: 2, ...played } },
    { name: 'paused', before: { completedDays: [1], currentDay: 2, lastCompletedDay: 1, isActive: false } },
    { name: 'completed', before: { completedDays: [1, 2, 3], currentDay: 4, lastCompletedDay: 3 } },
  ])('reset of a journey $name clears days, currentDay 1, lastCompletedDay 0, active', ({ before }) => {
    const start = progress(before);
    expect(resetProgress(start, T1)).toEqual({
      ...start,
      completedDays: [],
      currentDay: 1,
      lastCompletedDay: 0,
      isActive: true,
      updatedAt: T1.toISOString(),
    });
  });

  it('reset keeps startedAt and the last playback', () => {
    expect(resetProgress(progress({ completedDays: [1], ...played }), T1)).toMatchObject({ startedAt: T0.toISOString(), ...played });
  });

  it.each([
    { name: 'reset', apply: resetProgress, before: {} },
    { name: 'deactivate', apply: deactivate, before: { isActive: false } },
    { name: 'reactivate', apply: reactivate, before: { isActive: true } },
  ])('$name is idempotent (no change, same object)', ({ apply, before }) => {
    const start = progress(before);
    expect(apply(start, T1)).toBe(start);
  });

  it.each([
    { name: 'deactivate', apply: deactivate, from: true, to: false },
    { name: 'reactivate', apply: reactivate, from: false, to: true },
  ])('$name sets isActive $to and nothing else', ({ apply, from, to }) => {
    const start = progress({ isActive: from, completedDays: [1, 2], currentDay: 3 });
    expect(apply(start, T1)).toEqual({ ...start, isActive: to, updatedAt: T1.toISOString() });
  });
});

describe('recordPlayback', () => {
  it.each([
    { given: 0.5, stored: 0.5 },
    { given: 0, stored: 0 },
    { given: 1, stored: 1 },
    { given: 1.2, stored: 1 },
    { given: -0.1, stored: 0 },
    { given: Number.NaN, stored: 0 },
  ])('stores audioProgress $given as $stored with the day and time', ({ given, stored }) => {
    const start = progress();
    expect(recordPlayback(start, 2, given, T1)).toEqual({
      ...start,
      lastPlayedDay: 2,
      lastPlayedAt: T1.toISOString(),
      audioProgress: stored,
      updatedAt: T1.toISOString(),
    });
  });
  it('never completes the day', () => {
    expect(recordPlayback(progress(), 1, 1, T1).completedDays).toEqual([]);
  });
  it('rejects a day that is not a positive integer', () => {
    expect(() => recordPlayback(progress(), 0, 0.5, T1)).toThrow(RangeError);
  });
});

describe('isDayUnlocked (spec: day unlocking, fixed)', () => {
  it.each([
    { day: 1, completed: [], override: false, unlocked: true },
    { day: 1, completed: [2, 3], override: false, unlocked: true },
    { day: 2, completed: [], override: false, unlocked: false },
    { day: 2, completed: [1], override: false, unlocked: true },
    { day: 3, completed: [1], override: false, unlocked: false },
    { day: 3, completed: [2], override: false, unlocked: true },
    { day: 5, completed: [], override: true, unlocked: true },
    { day: 2, completed: [1], override: true, unlocked: true },
    { day: 0, completed: [], override: true, unlocked: false },
    { day: -1, completed: [], override: false, unlocked: false },
    { day: 1.5, completed: [1], override: true, unlocked: false },
  ])('day $day with $completed completed, override $override -> $unlocked', ({ day, completed, override, unlocked }) => {
    expect(isDayUnlocked(day, completed, override)).toBe(unlocked);
  });
  it('defaults the override to false', () => {
    expect(isDayUnlocked(2, [])).toBe(false);
  });
});

describe('nextAvailableDay', () => {
  it.each([
    { total: 7, completed: [], next: 1 },
    { total: 7, completed: [1], next: 2 },
    { total: 7, completed: [1, 2, 3], next: 4 },
    { total: 7, completed: [2, 3], next: 1 },
    { total: 7, completed: [1, 3], next: 2 },
    { total: 3, completed: [1, 2, 3], next: null },
    { total: 3, completed: [3, 1, 2, 2], next: null },
    { total: 0, completed: [], next: null },
  ])('$total days, $completed completed -> $next', ({ total, completed, next }) => {
    expect(nextAvailableDay(total, completed)).toBe(next);
  });
});

describe('progressStats (spec: derived stats)', () => {
  it('without progress: nothing done, next day 1', () => {
    expect(progressStats(null, 7, T1)).toEqual({
      completionPercentage: 0,
      isCompleted: false,
      nextDay: 1,
      daysSinceStart: 0,
      completedCount: 0,
      totalDays: 7,
      remainingDays: 7,
    });
  });

  it.each([
    { completed: [], total: 7, percentage: 0, isCompleted: false, nextDay: 1, remaining: 7 },
    { completed: [1], total: 7, percentage: 14, isCompleted: false, nextDay: 2, remaining: 6 },
    { completed: [1, 2], total: 3, percentage: 67, isCompleted: false, nextDay: 3, remaining: 1 },
    { completed: [1], total: 3, percentage: 33, isCompleted: false, nextDay: 2, remaining: 2 },
    { completed: [1, 2, 3, 4, 5, 6, 7], total: 7, percentage: 100, isCompleted: true, nextDay: null, remaining: 0 },
    { completed: [1, 2, 3, 4, 5, 6, 7], total: 5, percentage: 100, isCompleted: true, nextDay: null, remaining: 0 },
    { completed: [1, 9], total: 3, percentage: 33, isCompleted: false, nextDay: 2, remaining: 2 },
    { completed: [2, 3], total: 3, percentage: 67, isCompleted: false, nextDay: 1, remaining: 1 },
  ])(
    '$completed of $total -> $percentage%, completed $isCompleted, next $nextDay',
    ({ completed, total, percentage, isCompleted, nextDay, remaining }) => {
      expect(progressStats(progress({ completedDays: completed }), total, T1)).toMatchObject({
        completionPercentage: percentage,
        isCompleted,
        nextDay,
        completedCount: total - remaining,
        totalDays: total,
        remainingDays: remaining,
      });
    },
  );

  it('shows 100% only when completed', () => {
    const days = Array.from({ length: 199 }, (_, i) => i + 1);
    expect(progressStats(progress({ completedDays: days }), 200, T1)).toMatchObject({ completionPercentage: 99, isCompleted: false });
  });

  it('is not completed for a journey without days', () => {
    expect(progressStats(progress(), 0, T1)).toMatchObject({
      completionPercentage: 0,
      isCompleted: false,
      nextDay: null,
      remainingDays: 0,
    });
  });

  it.each([
    { elapsed: 0, days: 0 },
    { elapsed: DAY_MS - 1, days: 0 },
    { elapsed: DAY_MS, days: 1 },
    { elapsed: 2.5 * DAY_MS, days: 2 },
    { elapsed: -DAY_MS, days: 0 },
  ])('daysSinceStart counts whole 24 h periods: $elapsed ms -> $days', ({ elapsed, days }) => {
    expect(progressStats(progress(), 7, new Date(T0.getTime() + elapsed)).daysSinceStart).toBe(days);
  });
});

describe('journeyCardState and journeyCardAction (spec: card states)', () => {
  it.each<{ name: string; progress: Partial<JourneyProgress> | null; state: JourneyCardState; action: JourneyCardAction }>([
    { name: 'no progress', progress: null, state: 'new', action: 'start' },
    { name: 'started, active', progress: {}, state: 'in_progress', action: 'continue' },
    { name: 'some days done, active', progress: { completedDays: [1, 2] }, state: 'in_progress', action: 'continue' },
    { name: 'progress but not active', progress: { completedDays: [1], isActive: false }, state: 'paused', action: 'resume' },
    { name: 'all days done', progress: { completedDays: [1, 2, 3] }, state: 'completed', action: 'replay' },
    { name: 'all days done and paused', progress: { completedDays: [1, 2, 3], isActive: false }, state: 'completed', action: 'replay' },
  ])('$name -> $state / $action', ({ progress: overrides, state, action }) => {
    const computed = journeyCardState(overrides ? progress(overrides) : null, 3);
    expect(computed).toBe(state);
    expect(journeyCardAction(computed)).toBe(action);
  });

  it.each([
    { progress: null, target: 1 },
    { progress: { completedDays: [1, 2], currentDay: 3 }, target: 3 },
    { progress: { completedDays: [1], currentDay: 2, isActive: false }, target: 2 },
    { progress: { completedDays: [1, 2, 3], currentDay: 4 }, target: 1 },
    { progress: { completedDays: [1, 2], currentDay: 9 }, target: 3 },
  ])('journeyTargetDay: $progress -> day $target', ({ progress: overrides, target }) => {
    expect(journeyTargetDay(overrides ? progress(overrides) : null, 3)).toBe(target);
  });
});

describe('journeyDayState (plan page day list)', () => {
  it.each([
    { day: 1, completed: [1, 2], override: false, state: 'completed' },
    { day: 3, completed: [1, 2], override: false, state: 'current' },
    { day: 4, completed: [1, 2], override: false, state: 'locked' },
    { day: 4, completed: [1, 2], override: true, state: 'unlocked' },
    { day: 1, completed: [], override: false, state: 'current' },
    { day: 4, completed: [1, 3], override: false, state: 'unlocked' },
  ])('day $day with $completed completed (override $override) -> $state', ({ day, completed, override, state }) => {
    expect(journeyDayState(day, 7, completed, override)).toBe(state);
  });
});

describe('parseJourneyRouteId', () => {
  // Parsed as integers, like JavaScript's parseInt (spec section 5): '01' and '1.9' are day 1.
  it.each([
    ['1', 1],
    ['7', 7],
    ['42', 42],
    ['01', 1],
    ['007', 7],
    ['1.9', 1],
    ['1.0', 1],
    ['1.5', 1],
    ['02', 2],
    ['+1', 1],
    [' 2', 2],
    ['2 ', 2],
    ['1e2', 1],
    ['3abc', 3],
    ['0', null],
    ['00', null],
    ['0.9', null],
    ['-1', null],
    ['0x10', null],
    ['', null],
    [' ', null],
    ['abc', null],
    ['.5', null],
    ['99999999999999999999', null],
  ])('%j -> %s', (value, parsed) => {
    expect(parseJourneyRouteId(value)).toBe(parsed);
    // The same as parseInt wherever parseInt gives a day number.
    const asParseInt = Number.parseInt(value, 10);
    if (parsed !== null) expect(parsed).toBe(asParseInt);
  });
});

describe('small helpers', () => {
  it('keys progress as userId_journeyId', () => {
    expect(progressId('u1', 'faith-boost')).toBe('u1_faith-boost');
  });
  it.each([
    { day: 1, total: 7, valid: true },
    { day: 7, total: 7, valid: true },
    { day: 8, total: 7, valid: false },
    { day: 0, total: 7, valid: false },
    { day: 2.5, total: 7, valid: false },
  ])('isValidDayNumber($day, $total) -> $valid', ({ day, total, valid }) => {
    expect(isValidDayNumber(day, total)).toBe(valid);
  });
  it('previews 25 words plus an ellipsis', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(' ');
    expect(previewText(words(25))).toBe(words(25));
    expect(previewText(words(26))).toBe(`${words(25)}…`);
    expect(previewText(words(5), 3)).toBe('w1 w2 w3…');
  });
  it.each([
    { duration: 245, seconds: 245 },
    { duration: null, seconds: 180 },
    { duration: undefined, seconds: 180 },
    { duration: 0, seconds: 180 },
    { duration: Number.NaN, seconds: 180 },
  ])('dayDurationSeconds($duration) -> $seconds', ({ duration, seconds }) => {
    expect(dayDurationSeconds(duration)).toBe(seconds);
  });
  it.each([
    { fraction: 0.91, completed: false, offer: false },
    { fraction: 0.92, completed: false, offer: true },
    { fraction: 1, completed: false, offer: true },
    { fraction: 1, completed: true, offer: false },
  ])('shouldOfferCompletion at $fraction (completed $completed) -> $offer', ({ fraction, completed, offer }) => {
    expect(shouldOfferCompletion(fraction, FIXED_COMPLETION_THRESHOLD, completed)).toBe(offer);
  });
});

describe('API schemas', () => {
  it.each([
    [{ action: 'start' }],
    [{ action: 'start', language: 'pl' }],
    [{ action: 'complete', day: 2 }],
    [{ action: 'skip', day: 1 }],
    [{ action: 'reset' }],
    [{ action: 'deactivate' }],
    [{ action: 'reactivate' }],
    [{ action: 'playback', day: 3, audioProgress: 0.5 }],
    [{ action: 'playback', day: 3, audioProgress: 1 }],
  ])('accepts %j', (body) => {
    expect(progressActionSchema.parse(body)).toEqual(body);
  });

  it.each([
    [{ action: 'complete' }],
    [{ action: 'complete', day: 0 }],
    [{ action: 'complete', day: 1.5 }],
    [{ action: 'skip', day: '2' }],
    [{ action: 'playback', day: 1, audioProgress: 1.1 }],
    [{ action: 'playback', day: 1, audioProgress: -0.1 }],
    [{ action: 'reset', day: 1 }],
    [{ action: 'start', language: 'fr' }],
    [{ action: 'finish' }],
    [{}],
  ])('rejects %j', (body) => {
    expect(progressActionSchema.safeParse(body).success).toBe(false);
  });

  it('describes a progress response with its id and stats', () => {
    const response = toProgressResponse(completeDay(progress(), 1, T1), 7, T1);
    expect(progressSchema.parse(response)).toEqual(response);
    expect(response).toMatchObject({
      id: 'u1_faith-boost',
      completedDays: [1],
      stats: { completedCount: 1, nextDay: 2, daysSinceStart: 1 },
    });
  });

  it('describes a journey with its days', () => {
    const day = {
      journeyId: 'faith-boost',
      dayNumber: 1,
      title: 'Day one',
      subtitle: 'Begin',
      duration: null,
      audioUrl: null,
      bibleVerse: { text: 'Your word is a lamp to my feet.', reference: 'Psalm 119:105' },
      reflection: 'Reflect.',
      prayer: 'Pray.',
      language: 'en',
    };
    const detail = {
      id: 'faith-boost',
      order: 999,
      title: 'Faith Boost',
      subtitle: '7 days',
      description: 'A week of faith.',
      totalDays: 7,
      totalDuration: 21,
      language: 'en',
      image: null,
      days: [day],
    };
    expect(journeyDetailSchema.parse(detail)).toEqual(detail);
    expect(journeyDetailSchema.safeParse({ ...detail, days: [{ ...day, dayNumber: 0 }] }).success).toBe(false);
  });
});
