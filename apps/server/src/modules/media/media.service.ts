import { toWebVtt, type Cue } from '../../generation/master/cues';
import type { MediaFile } from '../../platform/media';

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
