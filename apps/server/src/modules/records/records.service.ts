import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@selah/domain/error-codes';
import { cleanGoals } from '@selah/domain/goals';
import { isUuid } from '@selah/domain/ids';
import { MONTHLY_GENERATION_LIMIT, monthKey, type Plan } from '@selah/domain/plans';
import type { createAffirmationSchema, GenerationStats, PrayerRecord, RecordsPage, SearchResponse } from '@selah/domain/records';
import type { z } from 'zod';
import { subscriptionAt } from '@selah/domain/subscriptions';
import { HttpError, notFound } from '../../platform/errors';
import { storedSubscriptionOf } from '../subscription/subscription.service';
import type { JobSender } from '../../platform/jobs';
import type { LiveBus } from '../live/live-bus';
import { GENERATE_PRAYER_JOB, GENERATE_PRAYER_JOB_OPTIONS } from './generate-prayer.job';
import type { RecordQueries } from './records.queries';
import type { MediaSigner } from '../../platform/media-signing';
import { recordView } from './records.view';
import { streamPlaylist } from '../media/media.service';

type CreateAffirmationBody = z.output<typeof createAffirmationSchema>;

const limitReached = () =>
  new HttpError(403, ERROR_CODES.limitReached, 'You have reached your monthly prayer limit. Upgrade your plan to create more prayers.');

const encodeCursor = (createdAt: string, id: string) => Buffer.from(`${createdAt}|${id}`).toString('base64url');
/** PostgreSQL's text form of a timestamptz (what encodeCursor is given), within years 1000-9999. */
const CURSOR_TIME = /^([1-9]\d{3})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)$/;

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const time = CURSOR_TIME.exec(createdAt);
  const [year, month, day, hour, minute, second] = (time?.slice(1, 7) ?? []).map(Number) as number[];
  const calendarDate = time ? new Date(Date.UTC(year!, month! - 1, day!)) : undefined;
  const valid =
    rest.length === 0 &&
    isUuid(id) &&
    calendarDate !== undefined &&
    calendarDate.getUTCMonth() === month! - 1 &&
    calendarDate.getUTCDate() === day &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60;
  if (!valid) throw new HttpError(400, ERROR_CODES.validation, 'Invalid cursor');
  return { createdAt, id };
}

export function recordsService(deps: {
  queries: RecordQueries;
  jobs: JobSender;
  live: LiveBus;
  signer: MediaSigner;
  /** The plan in force for a person at this moment (the subscription module's rule). */
  planOf: (userId: string) => Promise<Plan>;
  now?: () => Date;
}) {
  const { queries, jobs, live, signer } = deps;
  const now = deps.now ?? (() => new Date());

  const announce = async (record: PrayerRecord, userId: string) => {
    await live.publish({ userId, kind: 'record', id: record.id });
  };
  const enqueue = (recordId: string) => jobs.send(GENERATE_PRAYER_JOB, { recordId }, GENERATE_PRAYER_JOB_OPTIONS);

  async function planOf(userId: string) {
    const [profile, plan] = await Promise.all([queries.profileOf(userId), deps.planOf(userId)]);
    return { plan, limit: MONTHLY_GENERATION_LIMIT[plan], language: profile?.language ?? 'en' };
  }

  return {
    /** Takes a unit of quota, stores the record pending and queues its generation; idempotent by recordId. */
    async createAffirmation(userId: string, body: CreateAffirmationBody): Promise<{ record: PrayerRecord; created: boolean }> {
      const id = body.recordId ?? randomUUID();
      const { limit, language } = await planOf(userId);
      const outcome = await queries.createWithQuota(
        {
          id,
          userId,
          length: body.length,
          preference: body.topic,
          experience: body.experience,
          description: body.description,
          language,
          goals: cleanGoals(body.userGoals),
        },
        monthKey(now()),
        limit,
      );
      if (outcome === 'limit') throw limitReached();
      const row = await queries.byId(id);
      // Someone else's id: answer as if it were taken, without saying by whom.
      if (!row || row.userId !== userId) throw new HttpError(409, ERROR_CODES.conflict, 'This record id is already in use.');
      const record = recordView(row, signer);
      if (outcome === 'created') {
        await enqueue(id);
        await announce(record, userId);
      }
      return { record, created: outcome === 'created' };
    },

    /** A failed record is generated again (the unit of quota it took stays spent once). */
    async retry(userId: string, id: string): Promise<PrayerRecord> {
      const existing = await queries.byId(id);
      if (!existing || existing.userId !== userId) throw notFound('Prayer not found');
      if (existing.status !== 'failed') throw new HttpError(409, ERROR_CODES.conflict, 'Only a prayer that failed can be tried again.');
      const row = await queries.resetFailed(id, userId);
      if (!row) throw new HttpError(409, ERROR_CODES.conflict, 'Only a prayer that failed can be tried again.');
      await enqueue(id);
      const record = recordView(row, signer);
      await announce(record, userId);
      return record;
    },

    async get(userId: string, id: string): Promise<PrayerRecord> {
      const row = await queries.byId(id);
      if (!row || row.userId !== userId) throw notFound('Prayer not found');
      return recordView(row, signer);
    },

    /**
     * A prayer's HLS playlist while it is voiced (issue 23): its published segments at signed addresses, ended
     * once the prayer is complete (or failed: what was published is all there is). Undefined when the record is
     * not this owner's or has published nothing.
     */
    async playlist(owner: string, id: string): Promise<string | undefined> {
      const stream = await queries.segmentsOf(id, owner);
      if (!stream) return undefined;
      return streamPlaylist(stream.segments, stream.status !== 'processing' && stream.status !== 'pending', signer);
    },

    /** The user's latest prayers the dashboard shows (completed, pending, processing), newest first. */
    async recent(userId: string, limit: number): Promise<PrayerRecord[]> {
      return (await queries.recent(userId, limit)).map((row) => recordView(row, signer));
    },

    async page(userId: string, limit: number, cursor?: string): Promise<RecordsPage> {
      const { rows, hasMore } = await queries.page(userId, limit, cursor ? decodeCursor(cursor) : undefined);
      const last = rows.at(-1);
      return {
        items: rows.map((row) => recordView(row.record, signer)),
        nextCursor: hasMore && last ? encodeCursor(last.cursorAt, last.record.id) : null,
      };
    },

    /** Prayers this person generated in the current calendar month. */
    async usedThisMonth(userId: string): Promise<number> {
      const { monthlyCount } = await queries.generationStats(userId);
      return monthlyCount[monthKey(now())] ?? 0;
    },

    async stats(userId: string): Promise<GenerationStats> {
      const found = await queries.statsOf(userId);
      if (found) {
        const plan = subscriptionAt(storedSubscriptionOf(found.profile), now()).plan;
        const { totalCount, monthlyCount } = found;
        return { totalCount, monthlyCount, plan, monthlyLimit: MONTHLY_GENERATION_LIMIT[plan], currentMonth: monthKey(now()) };
      }
      const [{ plan, limit }, counts] = await Promise.all([planOf(userId), queries.generationStats(userId)]);
      return { ...counts, plan, monthlyLimit: limit, currentMonth: monthKey(now()) };
    },

    async search(userId: string, query: string, language: string): Promise<SearchResponse> {
      const term = query.trim();
      if (term === '') return { query: term, results: [] };
      const results = await queries.search(userId, term, language);
      return { query: term, results: results.map((result) => ({ ...result, audioUrl: signer.sign(result.audioUrl) })) };
    },

    // ---- the account's life (the profile module calls these on sign-up, sign-in and deletion) ----

    /** Gives records created for this email before the account existed to the user (at most `limit`); how many. */
    claimPending(userId: string, email: string, limit: number): Promise<number> {
      return queries.claimPending(userId, email, limit);
    },

    /** Drops the records still waiting for this email address (never claimed). */
    deletePendingFor(email: string): Promise<void> {
      return queries.deletePendingFor(email);
    },

    /** Every media URL the user's data points at (their prayers and personalized journey days). */
    mediaUrlsOfUser(userId: string): Promise<string[]> {
      return queries.mediaUrlsOfUser(userId);
    },
  };
}

export type RecordsService = ReturnType<typeof recordsService>;
