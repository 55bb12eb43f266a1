import path from 'node:path';
import { analyzeAudio } from '../../generation/master/measure-audio';
import { mapWithConcurrency } from '../../generation/map-with-concurrency';
import { MEDIA_URL_PREFIX } from '../../platform/media';
import type { ContentQueries } from './content.queries';

export interface AudioProblem {
  label: string;
  problem: string;
}

/** Quieter than this on average is silence, not prayer. */
const SILENCE_MEAN_DB = -45;
const DURATION_TOLERANCE_SECONDS = 0.5;

/**
 * Where ffmpeg reads a stored file from: DATA_DIR/media for the local store, the public address for a bucket
 * (MEDIA_STORE); undefined for an address that is neither (not voiced, or another store's).
 */
export function audioSource(mediaDir: string, bucketPublicUrl?: string): (url: string) => string | undefined {
  return (url) => {
    if (url.startsWith(MEDIA_URL_PREFIX)) return path.join(mediaDir, path.basename(url));
    if (
      bucketPublicUrl &&
      url.startsWith(`${bucketPublicUrl}/`) &&
      /^[a-f0-9]{64}\.[a-z0-9]{1,8}$/.test(
        url
          .slice(bucketPublicUrl.length + 1)
          .split('/')
          .pop() ?? '',
      )
    )
      return url;
    return undefined;
  };
}

/**
 * Listens by proxy to every imported file of the media store (local, or a bucket through its public address): the
 * stored duration matches the decoded one (within 0.5 s), the file is mono, not silent, and near the -16 LUFS
 * target. `mediaDir` is the local store's folder, or a function that says where each address is read from.
 */
export async function verifyImportedAudio(
  queries: ContentQueries,
  media: string | ((url: string) => string | undefined),
): Promise<{ checked: number; problems: AudioProblem[] }> {
  const locate = typeof media === 'string' ? audioSource(media) : media;
  const files: Array<{ label: string; url: string; duration: number | null }> = [];
  for (const row of await queries.activeItems()) {
    files.push({ label: `${row.slug} (${row.language})`, url: row.audioUrl!, duration: row.duration });
  }
  for (const cycle of await queries.allCycles()) {
    for (const [language, t] of Object.entries(cycle.translations)) {
      files.push({ label: `${cycle.slug} (${language})`, url: t.audioUrl ?? '', duration: t.duration });
    }
  }
  for (const day of await queries.activeJourneyDays()) {
    files.push({ label: `${day.journeyId} day ${day.dayNumber} (${day.language})`, url: day.audioUrl ?? '', duration: day.duration });
  }
  const problems: AudioProblem[] = [];
  await mapWithConcurrency(files, 2, async ({ label, url, duration }) => {
    const source = url ? locate(url) : undefined;
    if (!source) {
      problems.push({ label, problem: `not voiced or not in this media store (${url || 'no audio'})` });
      return;
    }
    try {
      const audio = await analyzeAudio(source);
      if (duration === null || Math.abs(audio.durationSeconds - duration) > DURATION_TOLERANCE_SECONDS) {
        problems.push({ label, problem: `stored duration ${duration} s, decoded ${audio.durationSeconds.toFixed(2)} s` });
      }
      if (audio.channels !== 1) problems.push({ label, problem: `${audio.channels} channels, expected mono` });
      if (audio.meanVolumeDb < SILENCE_MEAN_DB) problems.push({ label, problem: `silent: mean volume ${audio.meanVolumeDb} dB` });
      if (audio.integratedLufs < -20 || audio.integratedLufs > -12) {
        problems.push({ label, problem: `loudness ${audio.integratedLufs} LUFS, expected about -16` });
      }
    } catch (error) {
      problems.push({ label, problem: (error as Error).message });
    }
  });
  return { checked: files.length, problems };
}
