import { toWebVtt, type Cue } from '../../generation/master/cues';
import type { StreamedSegment } from '../../generation/master/stream-speech';
import { PRIVATE_MEDIA_PREFIX, type MediaFile, type MediaStore } from '../../platform/media';
import type { MediaSigner } from '../../platform/media-signing';

/** What a voiced text brings to be stored: the audio and, from the pipeline, where each line is spoken. */
export interface VoicedFile {
  data: Buffer;
  extension: string;
  contentType: string;
  cues?: readonly Cue[];
}

/**
 * Stores voiced audio and, beside it under the same name, its spoken lines as WebVTT (issue 22: the player
 * follows the words, screen readers get captions). Answers the audio's URL; the cues are at cuesUrlOf(it).
 */
export async function storeVoiced(
  media: { put(data: Buffer, file: MediaFile): Promise<string> },
  audio: VoicedFile,
  owner?: string,
): Promise<string> {
  const audioUrl = await media.put(audio.data, { extension: audio.extension, contentType: audio.contentType, ...(owner ? { owner } : {}) });
  if (audio.cues && audio.cues.length > 0) {
    await media.put(Buffer.from(toWebVtt(audio.cues), 'utf8'), {
      extension: 'vtt',
      contentType: 'text/vtt; charset=utf-8',
      beside: audioUrl,
      ...(owner ? { owner } : {}),
    });
  }
  return audioUrl;
}

/**
 * Audio heard while it is voiced (issue 23): a person's prayer, or the first day of their personalized journey,
 * published piece by piece as an HLS playlist (EVENT) of MP3-in-MPEG-TS segments, each stored privately.
 */

/** The playlist's name of a personalized journey's first day (a prayer's is its record's id). */
export const journeyStreamName = (journeyId: string): string => `${journeyId}.day-1`;

/** The private address of a playlist (served by stream.routes.ts); a signed copy of it is what clients get. */
export const streamRefOf = (owner: string, name: string): string => `${PRIVATE_MEDIA_PREFIX}${owner}/streams/${name}.m3u8`;

/** Stores one piece privately for its owner: answers its private address. */
export const storeSegment = (media: MediaStore, segment: StreamedSegment, owner: string): Promise<string> =>
  media.put(segment.data, { extension: 'ts', contentType: 'video/mp2t', owner });

/**
 * The playlist of the pieces published so far, at signed addresses; `ended` adds EXT-X-ENDLIST (everything is
 * out, or nothing more will come). Undefined while there is no piece.
 */
export function streamPlaylist(
  segments: readonly { url: string; seconds: number }[],
  ended: boolean,
  signer: Pick<MediaSigner, 'sign'>,
): string | undefined {
  if (segments.length === 0) return undefined;
  const longest = Math.max(...segments.map((segment) => segment.seconds));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    // Fixed for the playlist's life (an EVENT playlist must not change it): a segment is about 2 s.
    `#EXT-X-TARGETDURATION:${Math.max(3, Math.ceil(longest))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    // From the beginning: a prayer is heard from its first word, not from the live edge.
    '#EXT-X-START:TIME-OFFSET=0',
    ...segments.flatMap((segment) => [`#EXTINF:${segment.seconds.toFixed(3)},`, signer.sign(segment.url)]),
  ];
  if (ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
