import { dayDurationSeconds, type JourneyDay } from '@selah/domain/journey-rules';
import type { PlayerTrack } from '@selah/domain/player';

export const planPath = (journeyId: string) => `/journey-plan/${encodeURIComponent(journeyId)}`;
export const dayPath = (journeyId: string, day: number) => `/journey-day/${encodeURIComponent(journeyId)}/${day}`;

/** Navigation state of a journey day (spec section 2): keepAudio leaves whatever plays playing. */
export interface DayNavigationState {
  keepAudio?: boolean;
}

export const KEEP_AUDIO: DayNavigationState = { keepAudio: true };

export function keepsAudio(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as DayNavigationState).keepAudio === true;
}

/** The player track of a day, flagged as journey audio so the minimized bar comes back to the day. */
export function dayTrack(day: JourneyDay): PlayerTrack | null {
  if (!day.audioUrl) return null;
  return {
    id: `journey:${day.journeyId}:${day.dayNumber}`,
    title: day.title,
    audioUrl: day.audioUrl,
    text: day.prayer,
    duration: dayDurationSeconds(day.duration),
    isDefault: true,
    preference: 'journey',
    slug: null,
    journey: { kind: 'fixed', journeyId: day.journeyId, dayId: day.dayNumber },
  };
}
