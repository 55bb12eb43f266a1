import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import {
  countdown,
  isJourneyType,
  isPersonalizedDayOpen,
  type Countdown,
  type JourneyType,
  type PersonalizedDay,
} from '@selah/domain/personalized-rules';
import { serverClockNow } from '../../lib/server-clock';

/** The ids the server accepts (z.uuid()): 8-4-4-4-12 hex digits. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A v4 UUID for a new journey; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newJourneyId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The journey type of a route parameter, or null for an unknown one. */
export function journeyTypeOf(value: string | undefined): JourneyType | null {
  return isJourneyType(value) ? value : null;
}

/**
 * The server's current time, refreshed every `intervalMs` (the plan's clock: CLOCK_REFRESH_MS, spec section 4):
 * the server opens the days with its own clock, so countdowns read it too (lib/server-clock.ts).
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
  return countdown(day.availableAt, now).kind === 'open' ? 'locked' : 'waiting';
}
