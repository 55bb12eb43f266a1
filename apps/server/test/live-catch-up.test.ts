import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordQueries } from '../src/modules/records/records.queries';
import { createTestApp, registerUser, TEST_ORIGIN, type TestApp } from './helpers';

interface StreamEvent {
  type: string;
  id: string | undefined;
  data: { record?: { id: string; status: string; stage: string | null } };
}

/** An open event stream, read as it comes: `next` waits for the next event that passes `wanted`. */
async function openStream(address: string, cookie: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${address}/api/events`, {
    headers: { cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const seen: StreamEvent[] = [];
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const lines = block.split('\n');
          const type = lines.find((line) => line.startsWith('event: '))?.slice(7);
          const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
          if (type && data) seen.push({ type, id: lines.find((line) => line.startsWith('id: '))?.slice(4), data: JSON.parse(data) });
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    seen,
    async next(wanted: (event: StreamEvent) => boolean): Promise<StreamEvent> {
      await expect.poll(() => seen.some(wanted), { timeout: 15_000, interval: 50 }).toBe(true);
      return seen.find(wanted)!;
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

/**
 * Issue 21, item 6: live updates lose nothing. Events carry ids; a stream that reconnects (the browser's, with
 * Last-Event-ID, or the server's LISTEN connection) catches up with the current state of what changed; a prayer's
 * stages only move forward.
 */
describe('live events that lose nothing', () => {
  let t: TestApp;
  let address: string;
  let user: { id: string; cookie: string };
  let recordId: string;

  beforeAll(async () => {
    t = await createTestApp();
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // No worker: the prayers stay where the test moves them.
    t.app.jobs.attach({ send: async () => undefined });
    user = await registerUser(t.app, 'live-catch-up@example.com');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create-affirmation',
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
      payload: { recordId: randomUUID(), length: 3, topic: 'peace', experience: 'prayer', description: 'Quiet for tonight', userGoals: [] },
    });
    expect(created.statusCode, created.body).toBe(201);
    recordId = created.json<{ record: { id: string } }>().record.id;
  });
  afterAll(async () => t?.close());

  const queries = () => recordQueries(t.database.db);
  const change = async (stage: 'writing' | 'voicing' | 'finishing') => {
    await queries().setProcessing(recordId, stage);
    await t.app.live.publish({ userId: user.id, kind: 'record', id: recordId });
  };

  it('numbers every event, and a reconnecting stream gets the current state of what changed since its last id', async () => {
    const first = await openStream(address, user.cookie);
    await change('writing');
    const writing = await first.next((event) => event.data.record?.stage === 'writing');
    expect(writing.id).toMatch(/^\d+$/);
    await first.close();

    // Offline for a while: two changes of the same prayer.
    await change('voicing');
    await change('finishing');

    const again = await openStream(address, user.cookie, writing.id);
    const caughtUp = await again.next((event) => event.data.record?.id === recordId);
    expect(caughtUp.data.record).toMatchObject({ status: 'processing', stage: 'finishing' });
    expect(Number(caughtUp.id)).toBeGreaterThan(Number(writing.id));
    // Once, at its current state: not one event per change missed.
    await change('finishing');
    await again.next((event) => event.id !== caughtUp.id);
    expect(again.seen.filter((event) => event.data.record?.stage === 'voicing')).toEqual([]);
    await again.close();
  });

  it('starts a new stream from now: nothing older is replayed', async () => {
    const fresh = await openStream(address, user.cookie);
    await change('finishing');
    await fresh.next((event) => event.data.record?.id === recordId);
    expect(fresh.seen).toHaveLength(1);
    await fresh.close();
  });

  it('ignores a Last-Event-ID that is no number', async () => {
    for (const bad of ['abc', '-1', '1e9', '99999999999999999999', '5x', '0x10']) {
      const stream = await openStream(address, user.cookie, bad);
      await change('finishing');
      await stream.next((event) => event.data.record?.id === recordId);
      expect(stream.seen).toHaveLength(1);
      await stream.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("catches up when the server's own LISTEN connection was lost", async () => {
    const stream = await openStream(address, user.cookie);
    await change('finishing');
    const before = await stream.next((event) => event.data.record?.id === recordId);
    // The database drops the bus's LISTEN connection; a change happens before it is back.
    await t.database.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN selah_live' AND datname = current_database()`,
      [],
    );
    await change('finishing');
    const after = await stream.next((event) => Number(event.id) > Number(before.id));
    expect(after.data.record).toMatchObject({ id: recordId, stage: 'finishing' });
    await stream.close();
  });

  it('moves a prayer’s stages forward only; starting over goes back to pending first', async () => {
    const id = (
      await t.app.inject({
        method: 'POST',
        url: '/api/create-affirmation',
        headers: { origin: TEST_ORIGIN, cookie: user.cookie },
        payload: { recordId: randomUUID(), length: 3, topic: 'peace', experience: 'prayer', description: 'Stages', userGoals: [] },
      })
    ).json<{ record: { id: string } }>().record.id;
    expect((await queries().setProcessing(id, 'voicing'))?.stage).toBe('voicing');
    expect(await queries().setProcessing(id, 'writing')).toBeUndefined();
    expect((await queries().byId(id))?.stage).toBe('voicing');
    expect((await queries().setProcessing(id, 'voicing'))?.stage).toBe('voicing');
    expect((await queries().requeue(id))?.status).toBe('pending');
    expect((await queries().setProcessing(id, 'writing'))?.stage).toBe('writing');
  });
});
