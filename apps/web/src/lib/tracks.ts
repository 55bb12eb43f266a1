import type { ContentItem, DailyPrayer, UserPrayer } from '@selah/domain/feed';
import type { PlayerTrack } from '@selah/domain/player';

/** What the player gets for each kind of card. */
export const contentTrack = (item: ContentItem): PlayerTrack => ({
  id: item.id,
  title: item.title,
  audioUrl: item.audioUrl,
  text: item.text,
  duration: item.duration,
  isDefault: true,
  preference: item.preference,
  slug: item.slug,
});

export const dailyTrack = (prayer: DailyPrayer): PlayerTrack => ({
  id: prayer.id,
  title: prayer.title,
  audioUrl: prayer.audioUrl,
  text: prayer.text,
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

/** Navigation state of /category: the title and the cards to show. */
export interface CategoryState {
  name: string;
  items: PlayerTrack[];
}
