import type { UserPrayer } from './feed';
import type { PrayerRecord } from './records';

/**
 * The dashboard's card of a record (the feed's userPrayers), made from the API's record view: the one mapping,
 * used by the server's feed and by the web when a live change updates a cached feed. Failed records are not
 * shown there (null). Type imports only, so the web's start-up bundle gets no schemas from here.
 */
export function toUserPrayer(record: PrayerRecord): UserPrayer | null {
  if (record.status === 'failed') return null;
  return {
    id: record.id,
    status: record.status,
    stage: record.status === 'processing' ? record.stage : null,
    title: record.title,
    text: record.text,
    audioUrl: record.audioUrl,
    streamUrl: record.streamUrl,
    duration: record.duration,
    length: record.length,
    preference: record.preference,
    experience: record.experience,
    slug: record.slug,
    createdAt: record.createdAt,
  };
}
