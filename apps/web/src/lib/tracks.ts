import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { feedKeys, personalizedJourneyKeys, recordKeys } from '@selah/domain/contract/query-keys';
import type { ContentCard, DailyPrayer, Feed, UserPrayer } from '@selah/domain/feed';
import type { PersonalizedJourneyDetail } from '@selah/domain/personalized-rules';
import { dayDurationSeconds, type PlayerTrack } from '@selah/domain/player';
import type { PrayerRecord, RecordsPage, SearchResult } from '@selah/domain/records';

/** What the player gets for each kind of card. Feed cards come without their words (see content-texts.ts). */
export const contentTrack = (item: ContentCard): PlayerTrack => ({
  id: item.id,
  title: item.title,
  audioUrl: item.audioUrl,
  text: '',
  duration: item.duration,
  isDefault: true,
  preference: item.preference,
  slug: item.slug,
});

export const dailyTrack = (prayer: DailyPrayer): PlayerTrack => ({
  id: prayer.id,
  title: prayer.title,
  audioUrl: prayer.audioUrl,
  text: '',
  duration: prayer.duration,
  isDefault: true,
  preference: 'daily',
  slug: null,
});

/**
 * A person's own prayer (a library record or a dashboard card): playable once completed with its audio, or while
 * voiced once its first seconds are out, from its playlist, for the length it is made to (its lines follow it
 * once complete).
 */
function personalTrack(prayer: UserPrayer | PrayerRecord): PlayerTrack | null {
  const common = { id: prayer.id, title: prayer.title ?? '', text: prayer.text ?? '', isDefault: false, preference: prayer.preference };
  if (prayer.status === 'completed' && prayer.audioUrl) {
    return { ...common, audioUrl: prayer.audioUrl, duration: prayer.duration ?? 0, slug: prayer.slug };
  }
  if (prayer.status !== 'processing' || !prayer.streamUrl) return null;
  return { ...common, audioUrl: prayer.streamUrl, duration: prayer.length * 60, slug: null, streaming: true };
}

export const userTrack = (prayer: UserPrayer): PlayerTrack | null => personalTrack(prayer);
export const recordTrack = (record: PrayerRecord): PlayerTrack | null => personalTrack(record);

/** The player's track of a personalized journey's day (its page plays it; a download keeps it). */
export function personalizedDayTrack(
  journey: { id: string; journeyType: string },
  day: { dayNumber: number; audioUrl: string | null; duration: number | null },
  title: string,
  journeyType: string,
): PlayerTrack | null {
  if (!day.audioUrl) return null;
  return {
    id: `personalized:${journey.id}:${day.dayNumber}`,
    title,
    audioUrl: day.audioUrl,
    text: '',
    duration: dayDurationSeconds(day.duration),
    isDefault: false,
    preference: journey.journeyType,
    slug: null,
    journey: { kind: 'personalized', journeyId: journey.id, dayId: day.dayNumber, journeyType },
  };
}

/**
 * Day 1 of a personalized journey while the journey is made (issue 23): heard from its playlist as it is voiced,
 * for the length it is made to; the same track as the finished day (which takes over once the journey is ready).
 * Null before its first seconds are out.
 */
export function firstDayStreamTrack(journey: PersonalizedJourneyDetail, title: string): PlayerTrack | null {
  const stream = journey.firstDayStream;
  if (journey.status !== 'generating' || !stream) return null;
  const track = personalizedDayTrack(journey, { dayNumber: 1, audioUrl: stream.url, duration: stream.seconds }, title, journey.journeyType);
  return track && { ...track, streaming: true };
}

/**
 * The finished track of what is heard while it is voiced, once the cached data says it is complete (live events
 * keep them up to date): a person's prayer (the library or the dashboard), or a personalized journey's day (its
 * journey, once ready; the title stays the one heard). Null until then.
 */
export function finishedTrackOf(queryClient: QueryClient, track: PlayerTrack): PlayerTrack | null {
  const journey = track.journey;
  if (journey?.kind === 'personalized') {
    const detail = queryClient.getQueryData<PersonalizedJourneyDetail>(personalizedJourneyKeys.detail(journey.journeyId));
    const day = detail?.days.find((candidate) => candidate.dayNumber === journey.dayId);
    if (!detail || !day || detail.status === 'generating' || detail.status === 'failed') return null;
    return personalizedDayTrack(detail, day, track.title, journey.journeyType ?? detail.journeyType);
  }
  const pages = queryClient.getQueryData<InfiniteData<RecordsPage>>(recordKeys.all)?.pages ?? [];
  for (const page of pages) {
    const record = page.items.find((item) => item.id === track.id);
    if (record) return record.status === 'completed' ? recordTrack(record) : null;
  }
  for (const [, feed] of queryClient.getQueriesData<Feed>({ queryKey: feedKeys.all })) {
    const prayer = feed?.userPrayers?.find((item) => item.id === track.id);
    if (prayer) return prayer.status === 'completed' ? userTrack(prayer) : null;
  }
  return null;
}

/** A search result: a user's completed prayer or a default prayer, always playable. */
export const searchTrack = (result: SearchResult): PlayerTrack => ({
  id: result.id,
  title: result.title,
  audioUrl: result.audioUrl,
  text: result.text,
  duration: result.duration,
  isDefault: result.isDefault,
  preference: result.preference,
  slug: result.slug,
});

/** Navigation state of /category: the title and the cards to show. */
export interface CategoryState {
  name: string;
  items: PlayerTrack[];
}
