import type { PrayerRecord } from '@selah/domain/records';
import type { MediaSigner } from '../../platform/media-signing';
import { streamRefOf } from '../media/media.service';
import type { RecordRow } from './records.queries';

/** A record as the API and the live stream show it: its audio at a short-lived signed address. */
export function recordView(row: RecordRow, signer: Pick<MediaSigner, 'sign'>): PrayerRecord {
  return {
    id: row.id,
    status: row.status,
    stage: row.status === 'processing' ? row.stage : null,
    title: row.title,
    text: row.recordText,
    audioUrl: signer.sign(row.audioUrl),
    streamUrl:
      row.status === 'processing' && row.streamSeconds !== null && row.userId ? signer.sign(streamRefOf(row.userId, row.id)) : null,
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
