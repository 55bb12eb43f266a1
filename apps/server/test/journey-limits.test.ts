import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JourneyAllowance, PersonalizedJourneyDetail } from '@selah/domain/personalized';
import {
  GENERATE_JOURNEY_JOB,
  JOURNEY_JOBLESS_AFTER_MS,
  JOURNEY_STALE_AFTER_MS,
  sweepAbandonedJourneys,
} from '../src/modules/personalized/generate-journey.job';
import { personalizedQueries } from '../src/modules/personalized/personalized.queries';
import { personalizedJourneys } from '../src/platform/db/schema';
import { startQueue, type Queue } from '../src/platform/queue';
import { createTestApp, expectApiError, registerUser, TEST_ORIGIN, type TestApp } from './helpers';

/**
 * Abuse limits and abandoned generations of personalized journeys: one generating at a time per person, a
 * generous daily cap (PERSONALIZED_JOURNEYS_PER_DAY, held under parallel requests, told before the person writes;
 * no plan quota), and journeys whose job the queue gave up. Jobs are
 * queued here but never run (no worker), so a journey stays generating until the test says otherwise.
 */
describe('personalized journeys: limits and abandoned generations', () => {
  let t: TestApp;
  let queue: Queue;
  const queries = () => personalizedQueries(t.database.db);

  beforeAll(async () => {
    t = await createTestApp({ env: { PERSONALIZED_JOURNEYS_PER_DAY: '5' } });
    queue = await startQueue(t.database, t.app.log, { runsJobs: false });
    await queue.createQueue(GENERATE_JOURNEY_JOB);
    t.app.jobs.attach(queue);
  });
  afterAll(async () => {
    await queue.stop({ graceful: false, close: false, wait: true, timeout: 1000 });
    await t.close();
  });

  const create = (cookie: string, input = 'my grandmother Rosa', journeyId: string = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-personalized-journey',
      headers: { origin: TEST_ORIGIN, cookie },
      payload: { journeyId, journeyType: 'ancestors', input, language: 'en' },
    });
  const retry = (cookie: string, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/personalized-journeys/${id}/retry`, headers: { origin: TEST_ORIGIN, cookie } });
  /** The queue gives up this journey's job, as after three deaths of its process. */
  const giveUpJobs = () => t.database.query(`UPDATE pgboss.job SET state = 'failed' WHERE name = '${GENERATE_JOURNEY_JOB}'`, []);
  const finish = (id: string) =>
    t.database.db.update(personalizedJourneys).set({ status: 'active' }).where(eq(personalizedJourneys.id, id));
  const sweep = () => sweepAbandonedJourneys({ queries: queries(), live: t.app.live, clock: t.app.clock });

  it('accepts one of 10 parallel creates: one journey generates at a time per person', async () => {
    const { cookie } = await registerUser(t.app, 'parallel@example.com');
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => create(cookie, `person ${i}`)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 201)) {
      expectApiError(response, 409, 'JOURNEY_IN_PROGRESS');
    }
    const list = await t.app.inject({ url: '/api/personalized-journeys', headers: { cookie } });
    const journeys = list.json<{ journeys: Array<{ id: string }> }>().journeys;
    expect(journeys).toHaveLength(1);
    await finish(journeys[0]!.id);
  });

  it('lets a Free person start a third and a fourth journey: no plan quota (issue 34)', async () => {
    const { cookie } = await registerUser(t.app, 'free-journeys@example.com');
    for (let i = 0; i < 4; i += 1) {
      const response = await create(cookie, `person ${i}`);
      expect(response.statusCode, `journey ${i + 1}: ${response.body}`).toBe(201);
      await finish(response.json<PersonalizedJourneyDetail>().id);
    }
  });

  it('holds the daily cap, also under parallel requests, and says so before the person writes', async () => {
    const { id: userId, cookie } = await registerUser(t.app, 'capped@example.com');
    const allowance = async () =>
      (await t.app.inject({ url: '/api/personalized-journeys/allowance', headers: { cookie } })).json<JourneyAllowance>();
    const cap = t.config.personalizedJourneysPerDay;
    expect(await allowance()).toEqual({ perDay: cap, remainingToday: cap, generatingJourneyId: null, nextAt: null });
    for (let i = 0; i < cap; i += 1) {
      const response = await create(cookie, `person ${i}`);
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json<PersonalizedJourneyDetail>().id;
      // One at a time: told before the next is written.
      expect(await allowance()).toMatchObject({ generatingJourneyId: id, remainingToday: cap - i - 1 });
      await finish(id);
      t.app.clock.advance(60_000);
    }
    const told = await allowance();
    expect(told).toMatchObject({ perDay: cap, remainingToday: 0, generatingJourneyId: null });
    expect(Date.parse(told.nextAt!)).toBeGreaterThan(t.app.clock.now().getTime());

    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => create(cookie, `more ${i}`)));
    for (const response of responses) {
      const error = expectApiError(response, 429, 'JOURNEY_DAILY_LIMIT');
      expect(error.message).toContain(`${cap} personalized journeys`);
      expect(error.message).not.toContain('plan');
    }
    const { rows } = await t.database.query(`SELECT count(*)::int AS n FROM personalized_journeys WHERE user_id = $1`, [userId]);
    expect(rows[0]?.n).toBe(cap);
    // The same journey id again is the same journey, not a new one: idempotent even at the cap.
    const [first] = await t.database.db.select().from(personalizedJourneys).where(eq(personalizedJourneys.userId, userId)).limit(1);
    expect((await create(cookie, 'again', first!.id)).statusCode).toBe(200);
    // A day after the first one (half a minute after; the second is half a minute away), one more may start.
    t.app.clock.advance(24 * 60 * 60 * 1000 - (cap - 1) * 60_000 - 30_000);
    expect((await allowance()).remainingToday).toBe(1);
    const nextDay = await create(cookie, 'the next day');
    expect(nextDay.statusCode).toBe(201);
    await finish(nextDay.json<PersonalizedJourneyDetail>().id);
  });

  it('fails a journey whose job the queue gave up, with the timed-out code, only after the grace period', async () => {
    const { cookie } = await registerUser(t.app, 'abandoned@example.com');
    const response = await create(cookie);
    const journey = response.json<PersonalizedJourneyDetail>();
    await giveUpJobs();
    expect(await sweep()).toBe(0);
    t.app.clock.advance(JOURNEY_JOBLESS_AFTER_MS + 1000);
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    const detail = await t.app.inject({ url: `/api/personalized-journeys/${journey.id}`, headers: { cookie } });
    expect(detail.json<PersonalizedJourneyDetail>()).toMatchObject({ status: 'failed', error: 'GENERATION_TIMED_OUT' });

    // Its retry generates it again: a new job is queued.
    const again = await retry(cookie, journey.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<PersonalizedJourneyDetail>()).toMatchObject({ status: 'generating', error: null });
    expect(await queries().hasLiveJob(GENERATE_JOURNEY_JOB, journey.id)).toBe(true);
    await finish(journey.id);
  });

  it('leaves a journey whose job is still queued alone until it is stale', async () => {
    const { cookie } = await registerUser(t.app, 'waiting@example.com');
    const journey = (await create(cookie)).json<PersonalizedJourneyDetail>();
    t.app.clock.advance(JOURNEY_JOBLESS_AFTER_MS + 1000);
    expect(await sweep()).toBe(0);
    // A retry now changes nothing: the job is still there.
    expect((await retry(cookie, journey.id)).json<PersonalizedJourneyDetail>()).toMatchObject({ status: 'generating' });
    t.app.clock.advance(JOURNEY_STALE_AFTER_MS);
    expect(await sweep()).toBe(1);
    const detail = await t.app.inject({ url: `/api/personalized-journeys/${journey.id}`, headers: { cookie } });
    expect(detail.json<PersonalizedJourneyDetail>()).toMatchObject({ status: 'failed', error: 'GENERATION_TIMED_OUT' });
  });

  it('starts a generating journey again on retry when its job is gone (no sweep needed)', async () => {
    const { cookie } = await registerUser(t.app, 'retry-gone@example.com');
    const journey = (await create(cookie)).json<PersonalizedJourneyDetail>();
    await giveUpJobs();
    // Within the grace period: nothing happens yet.
    expect((await retry(cookie, journey.id)).json<PersonalizedJourneyDetail>()).toMatchObject({ status: 'generating' });
    expect(await queries().hasLiveJob(GENERATE_JOURNEY_JOB, journey.id)).toBe(false);
    t.app.clock.advance(JOURNEY_JOBLESS_AFTER_MS + 1000);
    const again = await retry(cookie, journey.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<PersonalizedJourneyDetail>().status).toBe('generating');
    expect(await queries().hasLiveJob(GENERATE_JOURNEY_JOB, journey.id)).toBe(true);
  });
});
