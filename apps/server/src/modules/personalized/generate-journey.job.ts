import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { isLanguage } from '@selah/domain/languages';
import { dayAvailableAt } from '@selah/domain/personalized';
import { DEFAULT_TOPIC, type GenerationError } from '@selah/domain/records';
import type { Understanding } from '../../generation/understanding/understand';
import { mapWithConcurrency } from '../../generation/map-with-concurrency';
import { isTransient } from '../../generation/transient';
import type { VoicePipeline } from '../../generation/voice-text';
import type { JourneyWriter } from '../../generation/writer/writer';
import type { Clock } from '../../platform/clock';
import type { JobOptions } from '../../platform/jobs';
import type { MediaStore } from '../../platform/media';
import { storeSegment, storeVoiced } from '../media/media.service';
import type { StreamedSegment } from '../../generation/master/stream-speech';
import type { Metrics } from '../../platform/metrics';
import { whenGivenUp, type Queue } from '../../platform/queue';
import type { LiveBus } from '../live/live-bus';
import type { GeneratedDay, PersonalizedQueries } from './personalized.queries';

export const GENERATE_JOURNEY_JOB = 'generate-personalized-journey';
const DAYS_AT_ONCE = 2;
/** At most 3 tries of transient provider errors; a job silent for 10 minutes is tried again. */
export const GENERATE_JOURNEY_JOB_OPTIONS: JobOptions = { retryLimit: 2, retryDelay: 2, retryBackoff: true, expireInSeconds: 600 };

/** A generating journey with no job queued or running after this long was given up by the queue. */
export const JOURNEY_JOBLESS_AFTER_MS = 2 * 60_000;
/** Past every try's expiry (3 x 10 minutes): fails even if a job row still claims to run. */
export const JOURNEY_STALE_AFTER_MS = 35 * 60_000;

export interface JourneyGenerationDeps {
  queries: PersonalizedQueries;
  /** Reads what the person wrote before the writer runs (generation/understanding). */
  understanding: Understanding;
  writer: JourneyWriter;
  voice: VoicePipeline;
  media: MediaStore;
  live: LiveBus;
  clock: Clock;
  logger: FastifyBaseLogger;
}

/** Where the time of one journey's generation went (logged; the journey benchmark reads it). */
export interface JourneyTimings {
  writeMs: number;
  voiceMs: number;
  storeMs: number;
  audioSeconds: number;
  /** From the start to day 1's first piece of audio published (when it was streamed). */
  firstSegmentMs?: number;
}

/**
 * Writes the 7 days (each with its fixed title, scripture, reflection and a prayer naming the people the user
 * wrote), voices and masters each (day 1 heard as it is voiced), stores the files, then makes the journey active
 * from now: day n opens at startedAt + (n - 1) days.
 */
export async function generateJourney(deps: JourneyGenerationDeps, journeyId: string): Promise<JourneyTimings | undefined> {
  const { queries, writer, voice, media, live, clock } = deps;
  const journey = await queries.byId(journeyId);
  if (!journey || journey.status !== 'generating') return undefined;
  const language = isLanguage(journey.language) ? journey.language : 'en';

  const started = performance.now();
  // A try that starts over: what an earlier one published is not this one's day 1.
  const earlier = await queries.clearStream(journeyId);
  if (earlier.length > 0) await media.removeByUrls(earlier);
  const situation = await deps.understanding.understand({ language, description: journey.input, focus: DEFAULT_TOPIC });
  const written = await writer.write({ language, input: journey.input, situation, wordsPerMinute: voice.wordsPerMinute(language) });
  const writtenAt = performance.now();
  let storeMs = 0;
  let audioSeconds = 0;
  // Day 1 goes out as it is voiced (issue 23): each piece privately stored and listed in the journey's playlist;
  // with the first, the person hears it while the other days are still made. Those wait for that first piece
  // (or for day 1, when it is not streamed), so day 1 has the machine to itself until it speaks.
  let firstSegmentMs: number | undefined;
  let heard: () => void = () => undefined;
  const firstHeard = new Promise<void>((resolve) => (heard = resolve));
  const onSegment = async (segment: StreamedSegment) => {
    const url = await storeSegment(media, segment, journey.userId);
    const published = await queries.addStreamSegment(
      journeyId,
      segment.index,
      { url, seconds: segment.seconds },
      written.days[0]!.targetSeconds,
    );
    if (segment.index !== 0) return;
    firstSegmentMs = Math.round(performance.now() - started);
    if (published) await live.publish({ userId: published.userId, kind: 'personalized-journey', id: published.id });
    heard();
  };
  // Two days at a time: one day's ffmpeg mastering overlaps the next day's voicing.
  const days: GeneratedDay[] = await mapWithConcurrency(written.days, DAYS_AT_ONCE, async (day, index) => {
    if (index > 0) await firstHeard;
    const first = index === 0;
    const audio = await voice
      .voiceText({ text: day.script, language, ambient: false, targetSeconds: day.targetSeconds, ...(first ? { onSegment } : {}) })
      .finally(() => first && heard());
    if (first) await queries.endStream(journeyId);
    const voicedAt = performance.now();
    const audioUrl = await storeVoiced(media, audio, journey.userId);
    storeMs += performance.now() - voicedAt;
    audioSeconds += audio.durationSeconds;
    return { ...day, audioUrl, duration: Math.round(audio.durationSeconds * 100) / 100 };
  });
  const voiceMs = performance.now() - writtenAt - storeMs;

  const startedAt = clock.now();
  const activated = await queries.activate(
    journeyId,
    { title: written.title, subtitle: written.subtitle, startedAt },
    days.map((day) => ({ ...day, availableAt: dayAvailableAt(startedAt, day.dayNumber) })),
  );
  if (activated) await live.publish({ userId: activated.userId, kind: 'personalized-journey', id: activated.id });
  return {
    writeMs: Math.round(writtenAt - started),
    voiceMs: Math.round(voiceMs),
    storeMs: Math.round(storeMs),
    audioSeconds: Math.round(audioSeconds),
    ...(firstSegmentMs !== undefined ? { firstSegmentMs } : {}),
  };
}

export async function registerJourneyGeneration(
  queue: Queue,
  deps: JourneyGenerationDeps & { metrics?: Metrics; concurrency?: number },
): Promise<{ stop(): void }> {
  const { logger, queries, live } = deps;
  await queue.createQueue(GENERATE_JOURNEY_JOB);
  // JOURNEY_CONCURRENCY journeys at once in this process (two by default: a journey started while another is
  // voiced has its first day heard at once, not after the other's seven days).
  for (let worker = 0; worker < (deps.concurrency ?? 1); worker += 1)
    await queue.work<{ journeyId: string }>(
      GENERATE_JOURNEY_JOB,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 0.5 },
      async ([job]: PgBoss.JobWithMetadata<{ journeyId: string }>[]) => {
        if (!job) return;
        const { journeyId } = job.data;
        const started = Date.now();
        try {
          const timings = await generateJourney(deps, journeyId);
          if (timings) {
            logger.info({ journeyId, ms: Date.now() - started, ...timings }, 'personalized journey generated');
            deps.metrics?.generationStage.observe({ kind: 'journey', stage: 'write' }, timings.writeMs / 1000);
            deps.metrics?.generationStage.observe({ kind: 'journey', stage: 'voice' }, timings.voiceMs / 1000);
            deps.metrics?.generationStage.observe({ kind: 'journey', stage: 'finish' }, timings.storeMs / 1000);
          }
        } catch (error) {
          if (isTransient(error) && job.retryCount < job.retryLimit) {
            logger.warn({ err: error, journeyId, try: job.retryCount + 1 }, 'journey generation failed; retrying');
            throw error;
          }
          // The cause goes to the log; the person sees a message in their language for the stored code.
          logger.error({ err: error, journeyId }, 'journey generation failed');
          const failed = await queries.fail(journeyId, 'GENERATION_FAILED' satisfies GenerationError);
          if (failed) await live.publish({ userId: failed.userId, kind: 'personalized-journey', id: failed.id });
        }
      },
    );

  // A job the queue gave up (every try died with its process, or expired): its journey fails now, with the code
  // whose message offers a retry. A journey whose retry already queued a new job is left to it.
  await whenGivenUp<{ journeyId: string }, 'journeyId'>(queue, GENERATE_JOURNEY_JOB, 'journeyId', async ({ journeyId }) => {
    const failed = await queries.fail(journeyId, 'GENERATION_TIMED_OUT' satisfies GenerationError);
    if (!failed) return;
    logger.error({ journeyId }, 'journey generation given up by the queue: its tries died or timed out');
    await live.publish({ userId: failed.userId, kind: 'personalized-journey', id: failed.id });
  });

  // The backstop for jobs given up without a dead letter (sent before the queue had them).
  const sweep = () =>
    sweepAbandonedJourneys(deps).catch((error: unknown) => logger.error({ err: error }, 'abandoned journey sweep failed'));
  await sweep();
  const timer = setInterval(() => void sweep(), 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * Journeys whose generation the queue gave up (every try died with its process, or expired) would show
 * "generating" forever: they fail with GENERATION_TIMED_OUT, and the person's retry starts them again.
 */
export async function sweepAbandonedJourneys(deps: Pick<JourneyGenerationDeps, 'queries' | 'live' | 'clock'>): Promise<number> {
  const now = deps.clock.now().getTime();
  const failed = await deps.queries.failAbandoned(
    GENERATE_JOURNEY_JOB,
    new Date(now - JOURNEY_JOBLESS_AFTER_MS),
    new Date(now - JOURNEY_STALE_AFTER_MS),
    'GENERATION_TIMED_OUT' satisfies GenerationError,
  );
  for (const journey of failed) await deps.live.publish({ userId: journey.userId, kind: 'personalized-journey', id: journey.id });
  return failed.length;
}
