import type { PersonalizedJourney, PersonalizedJourneyStatus } from '@selah/domain/personalized-rules';

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
  let event: unknown;
  try {
    event = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof event !== 'object' || event === null) return null;
  const { type, journey } = event as { type?: unknown; journey?: unknown };
  if (type !== PERSONALIZED_JOURNEY_EVENT || typeof journey !== 'object' || journey === null) return null;
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
