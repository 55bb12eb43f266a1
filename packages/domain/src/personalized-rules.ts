/**
 * The rules of personalized journeys without the API shapes (personalized-schemas.ts; personalized.ts
 * re-exports both): what the web app needs on the dashboard without loading zod.
 */
import { dateFormat } from './dates';
import { DAY_MS, type JourneyCardAction } from './journey-rules';
import { MAX_RETRIES, PERSONALIZED_DAY_STATUSES } from './personalized-constants';
import type { PersonalizedDay, PersonalizedJourney } from './personalized-schemas';

export * from './personalized-constants';
export type { CreatePersonalizedJourney, PersonalizedDay, PersonalizedJourney, PersonalizedJourneyDetail } from './personalized-schemas';

// ---- opening days ----

type DayTiming = Pick<PersonalizedDay, 'dayNumber' | 'status' | 'availableAt'>;

/** Day n opens (n-1) whole days (24 h each, elapsed time) after the journey started. */
export function dayAvailableAt(startedAt: string | Date, dayNumber: number): Date {
  const start = typeof startedAt === 'string' ? Date.parse(startedAt) : startedAt.getTime();
  return new Date(start + (dayNumber - 1) * DAY_MS);
}

/** The availability time has passed: at or after availableAt; a day without one has nothing to wait for. */
export function availabilityPassed(availableAt: string | null, now: Date): boolean {
  return availableAt === null || Date.parse(availableAt) <= now.getTime();
}

/**
 * Day 1 is always open. Day n is open only if its status is generated, available or completed, day n-1 is
 * completed, and its availability time has passed. `previousDay` is day n-1 (undefined when unknown -> closed).
 */
export function isPersonalizedDayOpen(day: DayTiming, previousDay: Pick<PersonalizedDay, 'status'> | undefined, now: Date): boolean {
  if (day.dayNumber === 1) return true;
  return (
    (PERSONALIZED_DAY_STATUSES as readonly string[]).includes(day.status) &&
    previousDay?.status === 'completed' &&
    availabilityPassed(day.availableAt, now)
  );
}

/**
 * A day counts as available when its status is generated and its scheduled time has passed. A day the
 * server already marked available counts too; a completed day does not.
 */
export function isDayAvailable(day: Pick<PersonalizedDay, 'status' | 'availableAt'>, now: Date): boolean {
  return (day.status === 'generated' || day.status === 'available') && availabilityPassed(day.availableAt, now);
}

// ---- completing a day ----

export type CompletePersonalizedDayResult =
  | { ok: true; journey: PersonalizedJourney; day: PersonalizedDay; changed: boolean }
  | { ok: false; reason: 'journey_not_ready' | 'day_not_found' | 'day_locked' };

/**
 * Marks the day completed at `now`. If it is the journey's current day, currentDay advances by 1, or, on the
 * last day, the journey becomes completed (completedAt = now; currentDay stays at the last day).
 * Completing a completed day changes nothing (changed: false). Refused while the journey is generating or
 * failed, for a day that does not exist, and for a day that is not open (`isPersonalizedDayOpen`).
 */
export function completePersonalizedDay(
  journey: PersonalizedJourney,
  days: readonly PersonalizedDay[],
  dayNumber: number,
  now: Date,
): CompletePersonalizedDayResult {
  if (journey.status !== 'active' && journey.status !== 'completed') return { ok: false, reason: 'journey_not_ready' };
  const day = days.find((candidate) => candidate.dayNumber === dayNumber);
  if (!day) return { ok: false, reason: 'day_not_found' };
  if (day.status === 'completed') return { ok: true, journey, day, changed: false };
  const previous = days.find((candidate) => candidate.dayNumber === dayNumber - 1);
  if (!isPersonalizedDayOpen(day, previous, now)) return { ok: false, reason: 'day_locked' };

  const at = now.toISOString();
  let next: PersonalizedJourney = { ...journey, updatedAt: at };
  if (dayNumber === journey.currentDay) {
    next =
      dayNumber >= journey.totalDays ? { ...next, status: 'completed', completedAt: at } : { ...next, currentDay: journey.currentDay + 1 };
  }
  return { ok: true, journey: next, day: { ...day, status: 'completed', completedAt: at }, changed: true };
}

// ---- generation failure and retry ----

/** The generate call failed: failed with the message, unless the journey is already active or completed. */
export function markGenerationFailed(journey: PersonalizedJourney, error: string | null, now: Date): PersonalizedJourney {
  if (journey.status === 'active' || journey.status === 'completed') return journey;
  return { ...journey, status: 'failed', error, updatedAt: now.toISOString() };
}

/** Retry: a failed journey goes back to generating with the error cleared; any other journey is unchanged. */
export function retryGeneration(journey: PersonalizedJourney, now: Date): PersonalizedJourney {
  if (journey.status !== 'failed') return journey;
  return { ...journey, status: 'generating', error: null, updatedAt: now.toISOString() };
}

/** Whether another retry is allowed after `retriesSoFar` retries (at most MAX_RETRIES). */
export function canRetry(retriesSoFar: number): boolean {
  return retriesSoFar < MAX_RETRIES;
}

// ---- cards and the plan page ----

export type PersonalizedCardState = 'new' | 'generating' | 'in_progress' | 'completed' | 'failed';

/** No journey: new; otherwise by status (active -> in progress). Personalized journeys cannot be paused. */
export function personalizedCardState(journey: Pick<PersonalizedJourney, 'status'> | null): PersonalizedCardState {
  if (!journey) return 'new';
  switch (journey.status) {
    case 'generating':
      return 'generating';
    case 'active':
      return 'in_progress';
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
  }
}

/** The card's button; null while generating (the card shows progress and opens the loading page). */
export function personalizedCardAction(state: PersonalizedCardState): JourneyCardAction | 'retry' | null {
  switch (state) {
    case 'new':
      return 'start';
    case 'generating':
      return null;
    case 'in_progress':
      return 'continue';
    case 'completed':
      return 'replay';
    case 'failed':
      return 'retry';
  }
}

/** Time left until a day opens; the UI words it (see `countdown`). */
export type Countdown =
  { kind: 'open' } | { kind: 'hours'; hours: number; minutes: number } | { kind: 'tomorrow' } | { kind: 'days'; days: number };

/** The calendar day of `at` in an IANA time zone, as a count of days since 1970-01-01. */
function calendarDay(at: Date, timeZone: string): number {
  const parts = dateFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value);
  return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS);
}

/**
 * Time left until `availableAt`, for "Available in {h}h {m}m", "Available tomorrow", "Available in {n} days",
 * by the calendar of the person's time zone (`timeZone`, an IANA name):
 * - the time has come or passed: open (`availableAt` null counts as open);
 * - later the same calendar day: hours and minutes, in whole minutes rounded up (never 0h 0m while waiting);
 * - the next calendar day: tomorrow (at 22:30, 3 hours ahead is tomorrow; 47 hours ahead never is);
 * - otherwise: days = how many calendar days away.
 */
export function countdown(availableAt: string | Date | null, now: Date, timeZone: string): Countdown {
  if (availableAt === null) return { kind: 'open' };
  const at = typeof availableAt === 'string' ? Date.parse(availableAt) : availableAt.getTime();
  const minutes = Math.ceil((at - now.getTime()) / 60_000);
  if (!(minutes > 0)) return { kind: 'open' };
  const days = calendarDay(new Date(at), timeZone) - calendarDay(now, timeZone);
  if (days < 1) return { kind: 'hours', hours: Math.floor(minutes / 60), minutes: minutes % 60 };
  if (days === 1) return { kind: 'tomorrow' };
  return { kind: 'days', days };
}

/**
 * What the plan page shows under the day cards, about the journey's current day:
 * - open: "New day is available!" with Begin (day 1, nothing completed yet) or Continue Your Journey;
 * - waiting: the current day opens at availableAt (show `countdown`);
 * - completed: every day done; pending: still generating, failed, or the current day is missing.
 */
export type PlanStatus =
  | { kind: 'open'; day: number; begin: boolean }
  | { kind: 'waiting'; day: number; availableAt: string | null }
  | { kind: 'completed' }
  | { kind: 'pending' };

export function personalizedPlanStatus(journey: PersonalizedJourney, days: readonly PersonalizedDay[], now: Date): PlanStatus {
  if (journey.status === 'completed') return { kind: 'completed' };
  if (journey.status !== 'active') return { kind: 'pending' };
  const day = days.find((candidate) => candidate.dayNumber === journey.currentDay);
  if (!day) return { kind: 'pending' };
  const previous = days.find((candidate) => candidate.dayNumber === day.dayNumber - 1);
  if (isPersonalizedDayOpen(day, previous, now)) {
    return { kind: 'open', day: day.dayNumber, begin: day.dayNumber === 1 && day.status !== 'completed' };
  }
  return { kind: 'waiting', day: day.dayNumber, availableAt: day.availableAt };
}
