import type { PersonalizedJourney, PersonalizedJourneyStatus } from '@selah/domain/personalized-rules';
import { eventPayload } from '../../../lib/live-data';

// The `personalized-journey` events of GET /api/events: { type: 'personalized-journey', journey }, sent on
// every status change (generating -> active or failed, retry) and day completion. app/live-events.tsx applies
// them with applyPersonalizedJourneyChange (personalized.ts). Type imports only: no zod in the app shell.

export const PERSONALIZED_JOURNEY_EVENT = 'personalized-journey';

const STATUSES: ReadonlySet<PersonalizedJourneyStatus> = new Set<PersonalizedJourneyStatus>([
  'generating',
  'active',
  'completed',
  'failed',
]);

/** The journey of a `personalized-journey` event's data, or null when the data is not one (a light check, no zod). */
export function parsePersonalizedJourneyEvent(data: string): PersonalizedJourney | null {
  const journey = eventPayload(data, PERSONALIZED_JOURNEY_EVENT, 'journey');
  if (!journey) return null;
  const candidate = journey as Partial<Record<keyof PersonalizedJourney, unknown>>;
  const valid =
    typeof candidate.id === 'string' &&
    typeof candidate.status === 'string' &&
    STATUSES.has(candidate.status as PersonalizedJourneyStatus) &&
    typeof candidate.currentDay === 'number' &&
    typeof candidate.totalDays === 'number' &&
    typeof candidate.createdAt === 'string' &&
    typeof candidate.updatedAt === 'string';
  return valid ? (journey as PersonalizedJourney) : null;
}
