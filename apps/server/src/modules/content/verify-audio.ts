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
 * Listens by proxy to every imported file in the local media store: the stored duration matches the
 * decoded one (within 0.5 s), the file is mono, not silent, and near the -16 LUFS target.
 */
export async function verifyImportedAudio(
  queries: ContentQueries,
  mediaDir: string,
): Promise<{ checked: number; problems: AudioProblem[] }> {
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
    if (!url.startsWith(MEDIA_URL_PREFIX)) {
      problems.push({ label, problem: `not voiced or not in the local media store (${url || 'no audio'})` });
      return;
    }
    try {
      const audio = await analyzeAudio(path.join(mediaDir, path.basename(url)));
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
