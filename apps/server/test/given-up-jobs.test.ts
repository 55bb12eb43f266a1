import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalizedJourneyDetail } from '@selah/domain/personalized';
import type { PrayerRecord } from '@selah/domain/records';
import { GENERATE_JOURNEY_JOB } from '../src/modules/personalized/generate-journey.job';
import { GENERATE_PRAYER_JOB } from '../src/modules/records/generate-prayer.job';
import { givenUpQueueOf, type Queue } from '../src/platform/queue';
import {
  createTestApp,
  registerUser,
  shortJourneyWriter,
  shortWriter,
  startJourneyWorker,
  startPrayerWorker,
  TEST_ORIGIN,
  waitForRecord,
  type TestApp,
} from './helpers';

/** Within a minute of the queue giving a job up, its prayer or journey says it failed (issue 34, item 6). */
const GIVEN_UP_WITHIN_MS = 60_000;

interface LogLine {
  msg: string;
  queue?: string;
}

/**
 * A prayer or journey whose job died with its process three times (every try it has): the queue gives the job up,
 * and the item fails at once with the code the web offers a retry for, instead of spinning until the 20-minute
 * sweep. Each "process" is a pg-boss of its own on the test database; it dies by dropping its work mid-job (a killed
 * process fails nothing), and the next one's start finds the job left running, as the embedded server does.
 */
describe('a generation job the queue gave up', () => {
  let t: TestApp;
  const lines: string[] = [];
  const workers: Array<{ queue: Queue; stop(): Promise<void> }> = [];
  /** The hung writers of the dead processes, let go at the end. */
  let release!: () => void;
  const hung = new Promise<void>((resolve) => (release = resolve));
  const hang = async (): Promise<never> => {
    await hung;
    throw new Error('this process is gone');
  };

  beforeAll(async () => {
    t = await createTestApp({ logLines: { level: 'warn', lines } });
  });
  afterAll(async () => {
    release();
    for (const worker of workers) await worker.stop().catch(() => undefined);
    await t.close();
  });

  /** The process dies: it takes no more jobs of any queue, and the job it runs stays active. */
  const crash = async (queue: Queue) => {
    for (const { name } of await queue.getQueues()) await queue.offWork(name);
  };
  /** Waits until a live try of this item's job runs (its `tries`-th). */
  const running = (name: string, field: string, id: string, tries: number) =>
    expect
      .poll(
        async () =>
          (
            await t.database.query(`SELECT state::text AS state, retry_count FROM pgboss.job WHERE name = $1 AND data->>$2 = $3`, [
              name,
              field,
              id,
            ])
          ).rows[0],
        { timeout: 30_000, interval: 100 },
      )
      .toEqual({ state: 'active', retry_count: tries - 1 });
  const logged = (queue: string) =>
    lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.queue === queue && line.msg.startsWith('jobs left running'));

  it('fails the prayer within a minute, and the restart says the job was given up', { timeout: 180_000 }, async () => {
    const user = await registerUser(t.app, 'given-up-prayer@example.com');
    const dying = () => startPrayerWorker(t, { writer: { name: 'hangs', write: hang } });
    let worker = await dying();
    workers.push(worker);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-affirmation',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
      payload: { recordId: randomUUID(), length: 3, topic: 'peace', experience: 'prayer', description: 'Three crashes', userGoals: [] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const record = response.json<{ record: PrayerRecord }>().record;

    // Three tries, three deaths: the first two restarts run it again, the third finds its tries used up.
    for (let tries = 1; tries <= 3; tries += 1) {
      await running(GENERATE_PRAYER_JOB, 'recordId', record.id, tries);
      await crash(worker.queue);
      worker = tries < 3 ? await dying() : await startPrayerWorker(t, { writer: shortWriter });
      workers.push(worker);
    }

    const failed = await waitForRecord(t.app, user.cookie, record.id, ['failed', 'completed'], GIVEN_UP_WITHIN_MS);
    expect(failed).toMatchObject({ status: 'failed', error: 'GENERATION_TIMED_OUT' });
    const restarts = logged(GENERATE_PRAYER_JOB).map((line) => line.msg);
    expect(restarts).toHaveLength(3);
    expect(restarts.slice(0, 2).every((msg) => msg.includes('will run again'))).toBe(true);
    expect(restarts[2]).toContain('given up');
    expect(restarts[2]).not.toContain('run again');
  });

  it('fails the personalized journey within a minute', { timeout: 180_000 }, async () => {
    const user = await registerUser(t.app, 'given-up-journey@example.com');
    const dying = () => startJourneyWorker(t, { writer: { name: 'hangs', write: hang } });
    let worker = await dying();
    workers.push(worker);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-personalized-journey',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
      payload: { journeyId: randomUUID(), journeyType: 'ancestors', input: 'my grandmother Rosa', language: 'en' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const journey = response.json<PersonalizedJourneyDetail>();

    for (let tries = 1; tries <= 3; tries += 1) {
      await running(GENERATE_JOURNEY_JOB, 'journeyId', journey.id, tries);
      await crash(worker.queue);
      worker = tries < 3 ? await dying() : await startJourneyWorker(t, { writer: shortJourneyWriter });
      workers.push(worker);
    }

    const detail = async () =>
      (
        await t.app.inject({ url: `/api/personalized-journeys/${journey.id}`, headers: { cookie: user.cookie } })
      ).json<PersonalizedJourneyDetail>();
    await expect.poll(async () => (await detail()).status, { timeout: GIVEN_UP_WITHIN_MS, interval: 200 }).toBe('failed');
    expect(await detail()).toMatchObject({ status: 'failed', error: 'GENERATION_TIMED_OUT' });
    expect(logged(GENERATE_JOURNEY_JOB).at(-1)?.msg).toContain('given up');
  });
});

describe('a given-up job whose worker still runs it', () => {
  let t: TestApp;
  let worker: { queue: Queue; stop(): Promise<void> } | undefined;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await worker?.stop().catch(() => undefined);
    await t.close();
  });

  it('leaves the prayer alone: an expired job’s handler goes on, and its own end settles the prayer', { timeout: 120_000 }, async () => {
    const user = await registerUser(t.app, 'given-up-running@example.com');
    let letGo!: () => void;
    const slow = new Promise<void>((resolve) => (letGo = resolve));
    worker = await startPrayerWorker(t, {
      writer: { name: 'slow', write: async (request) => (await slow, shortWriter.write(request)) },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-affirmation',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
      payload: { recordId: randomUUID(), length: 3, topic: 'peace', experience: 'prayer', description: 'Still going', userGoals: [] },
    });
    const record = response.json<{ record: PrayerRecord }>().record;
    await expect
      .poll(
        async () =>
          (
            await t.database.query(`SELECT state::text AS state FROM pgboss.job WHERE name = $1 AND data->>'recordId' = $2`, [
              GENERATE_PRAYER_JOB,
              record.id,
            ])
          ).rows[0]?.state,
        { timeout: 30_000, interval: 100 },
      )
      .toBe('active');
    // The queue gives the job up (its time ran out: pg-boss marks it failed, without stopping its handler) while
    // the handler still works on it.
    await t.database.query(`UPDATE pgboss.job SET state = 'failed' WHERE name = $1 AND data->>'recordId' = $2`, [
      GENERATE_PRAYER_JOB,
      record.id,
    ]);
    const letter = await worker.queue.send(givenUpQueueOf(GENERATE_PRAYER_JOB), { recordId: record.id });
    await expect
      .poll(async () => (await t.database.query(`SELECT state::text AS state FROM pgboss.job WHERE id = $1`, [letter])).rows[0]?.state, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe('completed');
    expect((await waitForRecord(t.app, user.cookie, record.id, ['pending', 'processing', 'failed', 'completed'])).status).toBe(
      'processing',
    );
    letGo();
    expect((await waitForRecord(t.app, user.cookie, record.id, ['failed', 'completed'])).status).toBe('completed');
  });
});
