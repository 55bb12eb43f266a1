import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import {
  availabilityPassed,
  countdown,
  isJourneyType,
  isPersonalizedDayOpen,
  type Countdown,
  type JourneyType,
  type PersonalizedDay,
} from '@selah/domain/personalized-rules';
import { currentTimeZone } from '../../lib/time-zone';
import { serverClockNow } from './server-clock';

/** The journey type of a route parameter, or null for an unknown one. */
export function journeyTypeOf(value: string | undefined): JourneyType | null {
  return isJourneyType(value) ? value : null;
}

/**
 * The server's current time, refreshed every `intervalMs` (the plan's clock: CLOCK_REFRESH_MS, spec section 4):
 * the server opens the days with its own clock, so countdowns read it too (server-clock.ts).
 */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => serverClockNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(serverClockNow()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The fixed, translated title of day `day` (ANCESTORS_DAY_TITLES in the locale files). */
export function dayTitle(t: TFunction<'personalized'>, day: number): string {
  return t(`dayTitles.${day}`, { defaultValue: t('plan.dayNumber', { day }) });
}

/** Time left until `availableAt`, counted in calendar days of the phone's time zone (tomorrow is the next date there). */
export function timeLeft(availableAt: string | null, now: Date): Countdown {
  return countdown(availableAt, now, currentTimeZone());
}

/** "Available in {h}h {m}m", "Available tomorrow", "Available in {n} days"; null once open. */
export function countdownText(t: TFunction<'personalized'>, left: Countdown): string | null {
  switch (left.kind) {
    case 'open':
      return null;
    case 'hours':
      return t('plan.availableIn', { hours: left.hours, minutes: left.minutes });
    case 'tomorrow':
      return t('plan.availableTomorrow');
    case 'days':
      return t('plan.availableInDays', { count: left.days });
  }
}

/** What a plan row shows: done, open now, waiting for its time (a countdown), or waiting for the day before. */
export type DayCardState = 'completed' | 'open' | 'waiting' | 'locked';

export function dayCardState(day: PersonalizedDay | undefined, previous: PersonalizedDay | undefined, now: Date): DayCardState {
  if (!day) return 'locked';
  if (day.status === 'completed') return 'completed';
  if (isPersonalizedDayOpen(day, previous, now)) return 'open';
  return availabilityPassed(day.availableAt, now) ? 'locked' : 'waiting';
}
