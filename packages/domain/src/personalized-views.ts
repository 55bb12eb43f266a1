import type { PersonalizedJourney, PersonalizedJourneyDetail } from './personalized-schemas';

/**
 * The journey part of a detail, as lists and live events carry it (no days, nor the answer's serverTime and first day's stream): the
 * one mapping of a detail to a summary, for the server's events and the web's caches. A module of its own, so
 * the web's app shell, which uses it, loads none of the rules.
 */
export function toPersonalizedJourneySummary(detail: PersonalizedJourneyDetail): PersonalizedJourney {
  const { days: _days, serverTime: _serverTime, firstDayStream: _stream, ...journey } = detail;
  return journey;
}
