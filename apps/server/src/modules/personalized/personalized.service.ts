import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ERROR_CODES } from '@selah/domain/error-codes';
import {
  completePersonalizedDay,
  PERSONALIZED_TOTAL_DAYS,
  type createPersonalizedJourneySchema,
  type JourneyAllowance,
  type PersonalizedJourney,
  type PersonalizedJourneyDetail,
} from '@selah/domain/personalized';
import type { Clock } from '../../platform/clock';
import type { MediaSigner } from '../../platform/media-signing';
import { HttpError, notFound } from '../../platform/errors';
import type { JobSender } from '../../platform/jobs';
import type { LiveBus } from '../live/live-bus';
import { GENERATE_JOURNEY_JOB, GENERATE_JOURNEY_JOB_OPTIONS, JOURNEY_JOBLESS_AFTER_MS } from './generate-journey.job';
import type { PersonalizedQueries, StoredJourney } from './personalized.queries';
import { journeyStreamName, streamPlaylist, streamRefOf } from '../media/media.service';

type CreateBody = z.output<typeof createPersonalizedJourneySchema>;

const journeyNotFound = () => notFound('Journey not found');
const DAY_MS = 24 * 60 * 60 * 1000;
const inProgress = () =>
  new HttpError(409, ERROR_CODES.journeyInProgress, 'Your personalized journey is still being prepared. Please wait until it is ready.');

export function personalizedService(deps: {
  queries: PersonalizedQueries;
  jobs: JobSender;
  live: LiveBus;
  clock: Clock;
  signer: MediaSigner;
  /** Journeys a person may start in 24 hours: a guard against abuse, not a plan quota (PERSONALIZED_JOURNEYS_PER_DAY). */
  perDay: number;
}) {
  const { queries, jobs, live, clock, signer, perDay } = deps;
  /** The start of the rolling day the cap counts. */
  const dayAgo = () => new Date(clock.now().getTime() - DAY_MS);
  const announce = (journey: PersonalizedJourney) => live.publish({ userId: journey.userId, kind: 'personalized-journey', id: journey.id });
  const enqueue = (journeyId: string) => jobs.send(GENERATE_JOURNEY_JOB, { journeyId }, GENERATE_JOURNEY_JOB_OPTIONS);

  async function owned(userId: string, id: string): Promise<StoredJourney> {
    const journey = await queries.byId(id);
    // Another user's journey answers exactly like a missing one.
    if (!journey || journey.userId !== userId) throw journeyNotFound();
    return journey;
  }

  /** What the person may start now, told before they write (issue 34). */
  async function allowance(userId: string): Promise<JourneyAllowance> {
    const { generatingId, started } = await queries.startedSince(userId, dayAgo());
    const remainingToday = Math.max(0, perDay - started.length);
    // The cap frees a place 24 hours after the oldest journey that counts.
    const freedBy = started[started.length - perDay];
    return {
      perDay,
      remainingToday,
      generatingJourneyId: generatingId,
      nextAt: remainingToday === 0 && freedBy ? new Date(freedBy.getTime() + DAY_MS).toISOString() : null,
    };
  }

  async function detail(userId: string, id: string): Promise<PersonalizedJourneyDetail> {
    const journey = await owned(userId, id);
    return withDays(journey);
  }

  async function withDays({ streamPlannedSeconds, ...journey }: StoredJourney): Promise<PersonalizedJourneyDetail> {
    const days = journey.status === 'generating' ? [] : await queries.days(journey.id);
    return {
      ...journey,
      days: days.map((day) => ({ ...day, audioUrl: signer.sign(day.audioUrl) })),
      // Day 1 as it is voiced, from its first seconds until the journey is ready (issue 23).
      firstDayStream:
        journey.status === 'generating' && streamPlannedSeconds !== null
          ? { url: signer.sign(streamRefOf(journey.userId, journeyStreamName(journey.id))), seconds: streamPlannedSeconds }
          : null,
      serverTime: clock.now().toISOString(),
    };
  }

  return {
    /** The days that opened in [from, to) (their time came and the day before was completed), for notifications. */
    daysOpenedBetween: (from: Date, to: Date) => queries.daysOpenedBetween(from, to),

    /** Stores the journey (generating) and queues its 7 days; the same journeyId again changes nothing. */
    async create(userId: string, body: CreateBody): Promise<{ journey: PersonalizedJourneyDetail; created: boolean }> {
      const id = body.journeyId ?? randomUUID();
      const outcome = await queries.create(
        { id, userId, input: body.input, language: body.language, totalDays: PERSONALIZED_TOTAL_DAYS },
        { perDay, since: dayAgo(), now: clock.now() },
      );
      if (outcome === 'in_progress') {
        throw inProgress();
      }
      if (outcome === 'limit_reached') {
        throw new HttpError(
          429,
          ERROR_CODES.journeyDailyLimit,
          `You have started ${perDay} personalized journeys in the last day. You can start another one later.`,
        );
      }
      const journey = await queries.byId(id);
      if (!journey || journey.userId !== userId) throw new HttpError(409, ERROR_CODES.conflict, 'This journey id is already in use.');
      if (outcome === 'created') {
        await enqueue(id);
        await announce(journey);
      }
      return { journey: await withDays(journey), created: outcome === 'created' };
    },

    allowance,

    list: (userId: string) => queries.ofUser(userId),
    detail,

    /**
     * The HLS playlist of a journey's first day as it is voiced (issue 23), ended once all of it is out (or the
     * generation failed: what was published is all there is). Undefined when the journey is not this owner's or
     * has published nothing.
     */
    async playlist(owner: string, id: string): Promise<string | undefined> {
      const stream = await queries.streamOf(id, owner);
      if (!stream) return undefined;
      return streamPlaylist(stream.segments, stream.ended || stream.status === 'failed', signer);
    },

    /** A failed journey generates again: generating, error cleared (spec section 4). */
    async retry(userId: string, id: string): Promise<PersonalizedJourneyDetail> {
      const journey = await owned(userId, id);
      if (journey.status === 'generating') {
        // Still being written and voiced: nothing to do. Unless its job is gone (the queue gave it up): start again.
        const quiet = Date.parse(journey.updatedAt) < clock.now().getTime() - JOURNEY_JOBLESS_AFTER_MS;
        if (!quiet || (await queries.hasLiveJob(GENERATE_JOURNEY_JOB, id))) return withDays(journey);
        const restarted = await queries.restart(id, userId, clock.now());
        if (!restarted) return detail(userId, id);
        await enqueue(id);
        await announce(restarted);
        return withDays(restarted);
      }
      if (journey.status !== 'failed') throw new HttpError(409, ERROR_CODES.conflict, 'Only a journey that failed can be generated again.');
      const reset = await queries.retry(id, userId, clock.now());
      if (!reset) {
        const now = await owned(userId, id);
        if (now.status === 'failed') throw inProgress();
        throw new HttpError(409, ERROR_CODES.conflict, 'Only a journey that failed can be generated again.');
      }
      await enqueue(id);
      await announce(reset);
      return withDays(reset);
    },

    async completeDay(userId: string, id: string, dayNumber: number): Promise<PersonalizedJourneyDetail> {
      const journey = await owned(userId, id);
      const days = await queries.days(id);
      const result = completePersonalizedDay(journey, days, dayNumber, clock.now());
      if (!result.ok) {
        if (result.reason === 'day_not_found') throw notFound('Day not found');
        if (result.reason === 'journey_not_ready') throw new HttpError(409, ERROR_CODES.conflict, 'The journey is not ready yet.');
        throw new HttpError(409, ERROR_CODES.dayLocked, 'This day is not open yet.');
      }
      if (result.changed) {
        await queries.saveCompletion(result.journey, result.day);
        await announce(result.journey);
      }
      return detail(userId, id);
    },
  };
}

export type PersonalizedService = ReturnType<typeof personalizedService>;
