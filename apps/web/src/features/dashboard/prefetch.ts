import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { allJourneyProgressQueryOptions, journeysQueryOptions } from '../journeys/data';
import { personalizedJourneysQueryOptions } from '../personalized/data';
import { dailyPrayersQueryOptions, feedQueryOptions } from './api/get-feed';

/**
 * Starts fetching what the dashboard shows first, with the same queries its sections use: the feed, the
 * journeys and, signed in, the user's progress and personalized journeys, with their texts. The app calls it
 * while its splash is up (a second at least), so the dashboard usually draws its cards at once instead of
 * placeholders that the cards then replace, which costs a phone a second render and layout.
 */
export function prefetchDashboard({ queryClient, i18n, userId }: { queryClient: QueryClient; i18n: I18n; userId: string | null }) {
  const language = i18n.resolvedLanguage ?? 'en';
  void queryClient.prefetchQuery(feedQueryOptions(language, userId));
  // Read from the feed's answer: no request of its own.
  void queryClient.prefetchQuery(dailyPrayersQueryOptions(queryClient, language, userId));
  void queryClient.prefetchQuery(journeysQueryOptions(language));
  const namespaces = ['journeys'];
  if (userId !== null) {
    void queryClient.prefetchQuery(allJourneyProgressQueryOptions());
    void queryClient.prefetchQuery(personalizedJourneysQueryOptions());
    namespaces.push('personalized');
  }
  void i18n.loadNamespaces(namespaces);
}
