import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { isLanguage } from '@selah/domain/languages';
import type { GenerationError } from '@selah/domain/records';
import { DEFAULT_TOPIC, EXPERIENCES, TOPICS, type Experience, type Topic } from '@selah/domain/records';
import { LENGTH_TOLERANCE_SECONDS, wordsForLength } from '../../generation/length';
import { stripPauseMarks } from '../../generation/text/pauses';
import { countWords } from '../../generation/text/words';
import { isTransient } from '../../generation/transient';
import type { StreamedSegment } from '../../generation/master/stream-speech';
import type { VoicePipeline } from '../../generation/voice-text';
import type { PrayerWriter } from '../../generation/writer/writer';
import type { Understanding } from '../../generation/understanding/understand';
import type { JobOptions } from '../../platform/jobs';
import type { MediaStore } from '../../platform/media';
import { storeSegment, storeVoiced } from '../media/media.service';
import type { Metrics } from '../../platform/metrics';
import { whenGivenUp, type Queue } from '../../platform/queue';
import type { LiveBus } from '../live/live-bus';
import type { RecordQueries, RecordRow } from './records.queries';

export const GENERATE_PRAYER_JOB = 'generate-prayer';

/** At most 3 tries (transient provider errors), 2 s then 4 s apart; a job silent for 5 minutes is tried again. */
export const GENERATE_PRAYER_JOB_OPTIONS: JobOptions = { retryLimit: 2, retryDelay: 2, retryBackoff: true, expireInSeconds: 300 };

/** How many of a person's latest prayers the writer keeps from repeating. */
const HEARD_PRAYERS = 3;
/**
 * Records still pending or processing this long after their last change lost their job for good: a backstop for
 * jobs the queue gave up without a dead letter (sent before it had them, or while no worker took them).
 */
const STALE_AFTER_SECONDS = 20 * 60;
/** What a record whose job is gone stores: a code the web turns into words; the cause is in the log. */
const STALE_ERROR: GenerationError = 'GENERATION_TIMED_OUT';

export interface GenerationDeps {
  queries: RecordQueries;
  /** Reads what the person wrote before any writer runs (generation/understanding). */
  understanding: Understanding;
  writer: PrayerWriter;
  voice: VoicePipeline;
  media: MediaStore;
  live: LiveBus;
  logger: FastifyBaseLogger;
  /** A prayer completed (the push module tells a person whose app is closed). */
  onCompleted?: (prayer: { userId: string; recordId: string; title: string }) => Promise<void>;
}

interface JobData {
  recordId: string;
}

export const slugify = (title: string, id: string): string =>
  `${title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ł/g, 'l')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)}-${id.slice(0, 8)}`;

/**
 * The generation of one record: processing (writing) -> voicing -> finishing -> completed, each step
 * announced on the live bus. Throws on failure; the caller decides between a retry and `failed`.
 */
export async function generatePrayer(deps: GenerationDeps, recordId: string): Promise<StageTimings | undefined> {
  const { queries, writer, voice, media, live } = deps;
  const announce = async (row: RecordRow | undefined) => {
    if (row?.userId) await live.publish({ userId: row.userId, kind: 'record', id: row.id });
  };
  const record = await queries.byId(recordId);
  if (!record || record.status === 'completed' || record.status === 'failed') return undefined;

  const startedAt = performance.now();
  // A try that starts over: what an earlier one published is not this one's audio.
  const earlier = await queries.clearSegments(recordId);
  if (earlier.length > 0) await media.removeByUrls(earlier);
  await announce(await queries.setProcessing(recordId, 'writing'));
  const language = isLanguage(record.language) ? record.language : 'en';
  const experience = (EXPERIENCES as readonly string[]).includes(record.experience) ? (record.experience as Experience) : 'prayer';
  const targetSeconds = record.length * 60;
  const targetWordsAt = (wordsPerMinute: number) => wordsForLength({ seconds: targetSeconds, wordsPerMinute, experience });
  const paceAimedAt = voice.wordsPerMinute(language);
  let targetWords = targetWordsAt(paceAimedAt);
  // The person's latest prayers: the writer avoids what they heard there.
  const heard = record.userId
    ? (await queries.recent(record.userId, HEARD_PRAYERS + 1))
        .filter((row) => row.id !== recordId && row.status === 'completed' && row.recordText)
        .slice(0, HEARD_PRAYERS)
        .map((row) => row.recordText!)
    : [];
  const focus = (TOPICS as readonly string[]).includes(record.preference) ? (record.preference as Topic) : DEFAULT_TOPIC;
  // Understanding first: what is happening, the feeling, who and when, for whichever writer writes.
  const situation = await deps.understanding.understand({ language, description: record.description, focus });
  const write = () =>
    writer.write({
      language,
      experience,
      focus,
      situation,
      description: record.description,
      goals: record.goals.filter((goal) => goal.trim() !== ''),
      lengthMinutes: record.length,
      targetWords,
      heard,
    });
  let written = await write();

  const writtenAt = performance.now();
  await announce(await queries.setProcessing(recordId, 'voicing'));
  // The audio goes out as it is made (issue 23): each piece privately stored and listed in the record's playlist;
  // with the first, the prayer can be played.
  let published = 0;
  let firstSoundMs: number | undefined;
  const owner = record.userId;
  const onSegment = owner
    ? async (segment: StreamedSegment) => {
        const url = await storeSegment(media, segment, owner);
        const words = segment.index === 0 ? { title: written.title, text: stripPauseMarks(written.text) } : undefined;
        const row = await queries.addSegment(recordId, segment.index, { url, seconds: segment.seconds }, words);
        published += 1;
        if (segment.index === 0) {
          firstSoundMs = Math.round(performance.now() - startedAt);
          await announce(row);
        }
      }
    : undefined;
  let audio = await voice.voiceText({ text: written.text, language, ambient: false, targetSeconds, onSegment });
  const paceMeasured = voice.wordsPerMinute(language);
  const writerAimed = Math.abs(countWords(written.text) / targetWords - 1) < 0.15;
  if (
    // Audio already heard cannot be taken back: a streamed prayer keeps its length as the gaps made it.
    published === 0 &&
    Math.abs(audio.durationSeconds - targetSeconds) > LENGTH_TOLERANCE_SECONDS &&
    writerAimed &&
    Math.abs(paceMeasured / paceAimedAt - 1) > 0.05
  ) {
    // The voice's pace was not what the writer aimed at (a new provider, a first prayer in a language): the
    // pipeline has now measured it, so a second text aims right. Once only; a prayer a little off its length is
    // still a prayer.
    deps.logger.warn(
      { recordId, seconds: audio.durationSeconds, targetSeconds },
      'voiced length missed; writing again at the measured pace',
    );
    targetWords = targetWordsAt(paceMeasured);
    written = await write();
    audio = await voice.voiceText({ text: written.text, language, ambient: false, targetSeconds });
  }

  const voicedAt = performance.now();
  await announce(await queries.setProcessing(recordId, 'finishing'));
  // The person's own audio: stored privately, reached through signed addresses only.
  const audioUrl = await storeVoiced(media, audio, record.userId ?? undefined);
  const completed = await queries.complete(recordId, {
    title: written.title,
    text: stripPauseMarks(written.text),
    slug: slugify(written.title, recordId),
    audioUrl,
    duration: audio.durationSeconds,
    image: record.preference,
  });
  await announce(completed);
  if (completed?.userId && deps.onCompleted) {
    // A notification is a courtesy: its failure never fails the prayer.
    await deps.onCompleted({ userId: completed.userId, recordId, title: written.title }).catch((error: unknown) => {
      deps.logger.warn({ err: error, recordId }, 'the prayer-ready notification could not be queued');
    });
  }
  const finishedAt = performance.now();
  return {
    writeMs: Math.round(writtenAt - startedAt),
    voiceMs: Math.round(voicedAt - writtenAt),
    finishMs: Math.round(finishedAt - voicedAt),
    audioSeconds: Math.round(audio.durationSeconds),
    ...(firstSoundMs !== undefined ? { firstSegmentMs: firstSoundMs } : {}),
  };
}

/** Where the time of one generation went (logged; the generation benchmark reads it). */
export interface StageTimings {
  writeMs: number;
  voiceMs: number;
  finishMs: number;
  audioSeconds: number;
  /** From the start of the job to the first piece of audio published (streamed prayers). */
  firstSegmentMs?: number;
}

/**
 * Marks the record failed (unless it completed) and tells the user's clients. The record keeps a code for
 * people's messages; the error itself was logged by the caller and is never shown.
 */
export async function failGeneration(deps: Pick<GenerationDeps, 'queries' | 'live'>, recordId: string): Promise<void> {
  const failed: GenerationError = 'GENERATION_FAILED';
  const row = await deps.queries.fail(recordId, failed);
  if (row?.userId) await deps.live.publish({ userId: row.userId, kind: 'record', id: row.id });
}

/**
 * Runs generate-prayer jobs in this process. Jobs a dead process left active run again: at once in the
 * embedded default (startQueue's soleWorker), after they expire on a shared PostgreSQL.
 */
export async function registerPrayerGeneration(
  queue: Queue,
  deps: GenerationDeps & { concurrency?: number; metrics?: Metrics },
): Promise<{ stop(): void }> {
  const { logger } = deps;
  await queue.createQueue(GENERATE_PRAYER_JOB);

  const handler = async ([job]: PgBoss.JobWithMetadata<JobData>[]) => {
    if (!job) return;
    const { recordId } = job.data;
    const started = Date.now();
    try {
      const timings = await generatePrayer(deps, recordId);
      if (timings) {
        logger.info({ recordId, ms: Date.now() - started, ...timings }, 'prayer generated');
        deps.metrics?.generationStage.observe({ kind: 'prayer', stage: 'write' }, timings.writeMs / 1000);
        deps.metrics?.generationStage.observe({ kind: 'prayer', stage: 'voice' }, timings.voiceMs / 1000);
        deps.metrics?.generationStage.observe({ kind: 'prayer', stage: 'finish' }, timings.finishMs / 1000);
      }
    } catch (error) {
      const lastTry = job.retryCount >= job.retryLimit;
      if (isTransient(error) && !lastTry) {
        logger.warn({ err: error, recordId, try: job.retryCount + 1 }, 'prayer generation failed; retrying');
        // The next try starts over: the record says so (back to pending), so its stages move forward again.
        const row = await deps.queries.requeue(recordId).catch(() => undefined);
        if (row?.userId) await deps.live.publish({ userId: row.userId, kind: 'record', id: row.id }).catch(() => undefined);
        throw error;
      }
      logger.error({ err: error, recordId }, 'prayer generation failed');
      await failGeneration(deps, recordId);
    }
  };
  // Two at a time: one prayer's ffmpeg mastering overlaps the next one's voicing.
  for (let i = 0; i < (deps.concurrency ?? 2); i += 1) {
    await queue.work<JobData>(GENERATE_PRAYER_JOB, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 0.5 }, handler);
  }

  // A job the queue gave up (every try died with its process, or expired): its record fails now, with the code
  // whose message offers a retry. A record whose retry already queued a new job is left to it.
  await whenGivenUp<JobData, 'recordId'>(queue, GENERATE_PRAYER_JOB, 'recordId', async ({ recordId }) => {
    const row = await deps.queries.fail(recordId, STALE_ERROR);
    if (!row) return;
    logger.error({ recordId }, 'prayer generation given up by the queue: its tries died or timed out');
    if (row.userId) await deps.live.publish({ userId: row.userId, kind: 'record', id: row.id });
  });

  // Records whose job is gone without a dead letter must not spin forever.
  const sweep = async () => {
    const stale = await deps.queries.failStale(STALE_AFTER_SECONDS, STALE_ERROR);
    for (const row of stale) if (row.userId) await deps.live.publish({ userId: row.userId, kind: 'record', id: row.id });
  };
  await sweep();
  const timer = setInterval(
    () => void sweep().catch((error: unknown) => logger.error({ err: error }, 'stale record sweep failed')),
    60_000,
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
