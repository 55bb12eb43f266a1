import type { ContentCard, DailyPrayer, UserPrayer } from '@selah/domain/feed';
import type { PlayerTrack } from '@selah/domain/player';
import type { PrayerRecord, SearchResult } from '@selah/domain/records';

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

export const userTrack = (prayer: UserPrayer): PlayerTrack | null =>
  prayer.status === 'completed' && prayer.audioUrl
    ? {
        id: prayer.id,
        title: prayer.title ?? '',
        audioUrl: prayer.audioUrl,
        text: prayer.text ?? '',
        duration: prayer.duration ?? 0,
        isDefault: false,
        preference: prayer.preference,
        slug: prayer.slug,
      }
    : null;

/** A library record: playable once completed with its audio. */
export const recordTrack = (record: PrayerRecord): PlayerTrack | null =>
  record.status === 'completed' && record.audioUrl
    ? {
        id: record.id,
        title: record.title ?? '',
        audioUrl: record.audioUrl,
        text: record.text ?? '',
        duration: record.duration ?? 0,
        isDefault: false,
        preference: record.preference,
        slug: record.slug,
      }
    : null;

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
