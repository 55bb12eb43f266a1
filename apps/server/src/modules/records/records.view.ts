import type { PrayerRecord } from '@selah/domain/records';
import type { RecordRow } from './records.queries';

/** A record as the API and the live stream show it. */
export function recordView(row: RecordRow): PrayerRecord {
  return {
    id: row.id,
    status: row.status,
    stage: row.status === 'processing' ? row.stage : null,
    title: row.title,
    text: row.recordText,
    audioUrl: row.audioUrl,
    duration: row.duration,
    preference: row.preference,
    experience: row.experience,
    description: row.description,
    length: row.length,
    slug: row.slug,
    image: row.image,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
