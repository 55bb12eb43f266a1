import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ERROR_CODES } from '@selah/domain/error-codes';
import {
  completePersonalizedDay,
  PERSONALIZED_TOTAL_DAYS,
  type createPersonalizedJourneySchema,
  type PersonalizedJourney,
  type PersonalizedJourneyDetail,
} from '@selah/domain/personalized';
import type { Clock } from '../../platform/clock';
import { HttpError, notFound } from '../../platform/errors';
import type { JobSender } from '../../platform/jobs';
import type { LiveBus } from '../live/live-bus';
import { GENERATE_JOURNEY_JOB, GENERATE_JOURNEY_JOB_OPTIONS } from './generate-journey.job';
import type { PersonalizedQueries } from './personalized.queries';

type CreateBody = z.output<typeof createPersonalizedJourneySchema>;

const journeyNotFound = () => notFound('Journey not found');

export function personalizedService(deps: { queries: PersonalizedQueries; jobs: JobSender; live: LiveBus; clock: Clock }) {
  const { queries, jobs, live, clock } = deps;
  const announce = (journey: PersonalizedJourney) => live.publish({ userId: journey.userId, kind: 'personalized-journey', id: journey.id });
  const enqueue = (journeyId: string) => jobs.send(GENERATE_JOURNEY_JOB, { journeyId }, GENERATE_JOURNEY_JOB_OPTIONS);

  async function owned(userId: string, id: string): Promise<PersonalizedJourney> {
    const journey = await queries.byId(id);
    // Another user's journey answers exactly like a missing one.
    if (!journey || journey.userId !== userId) throw journeyNotFound();
    return journey;
  }

  async function detail(userId: string, id: string): Promise<PersonalizedJourneyDetail> {
    const journey = await owned(userId, id);
    return { ...journey, days: await queries.days(id) };
  }

  return {
    /** Stores the journey (generating) and queues its 7 days; the same journeyId again changes nothing. */
    async create(userId: string, body: CreateBody): Promise<{ journey: PersonalizedJourneyDetail; created: boolean }> {
      const id = body.journeyId ?? randomUUID();
      const outcome = await queries.create({ id, userId, input: body.input, language: body.language, totalDays: PERSONALIZED_TOTAL_DAYS });
      const journey = await queries.byId(id);
      if (!journey || journey.userId !== userId) throw new HttpError(409, ERROR_CODES.conflict, 'This journey id is already in use.');
      if (outcome === 'created') {
        await enqueue(id);
        await announce(journey);
      }
      return { journey: { ...journey, days: await queries.days(id) }, created: outcome === 'created' };
    },

    list: (userId: string) => queries.ofUser(userId),
    detail,

    /** A failed journey generates again: generating, error cleared (spec section 4). */
    async retry(userId: string, id: string): Promise<PersonalizedJourneyDetail> {
      const journey = await owned(userId, id);
      if (journey.status === 'generating') return { ...journey, days: await queries.days(id) };
      if (journey.status !== 'failed') throw new HttpError(409, ERROR_CODES.conflict, 'Only a journey that failed can be generated again.');
      const reset = await queries.retry(id, userId);
      if (!reset) throw new HttpError(409, ERROR_CODES.conflict, 'Only a journey that failed can be generated again.');
      await enqueue(id);
      await announce(reset);
      return { ...reset, days: await queries.days(id) };
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
