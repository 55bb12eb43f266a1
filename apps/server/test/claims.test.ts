import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../src/platform/db/schema';
import { createTestApp, registerUser, signIn, TEST_ORIGIN, type TestApp } from './helpers';

/** Spec section 9: pending record claims, 50 on register and 10 on each login. */
describe('claiming records that waited for an email address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** Inserts `count` unclaimed records waiting for `email`, one second apart. */
  const waitingFor = async (email: string, count: number, extra: Partial<typeof records.$inferInsert> = {}) => {
    const start = Date.UTC(2025, 0, 1);
    const rows = Array.from({ length: count }, (_, i) => ({
      pendingUserId: email,
      claimed: false,
      userId: null,
      status: 'completed' as const,
      title: `${email} prayer ${i}`,
      createdAt: new Date(start + i * 1000),
      ...extra,
    }));
    return t.database.db.insert(records).values(rows).returning({ id: records.id });
  };

  const recordsWaitingFor = (email: string) =>
    t.database.db
      .select()
      .from(records)
      .where(and(eq(records.pendingUserId, email), eq(records.claimed, false), isNull(records.userId)));
  const recordsOf = (userId: string) => t.database.db.select().from(records).where(eq(records.userId, userId));

  it('claims 50 on registration and 10 more on each later sign-in', async () => {
    const email = 'claimer@example.com';
    await waitingFor(email, 60);

    // The address is matched in lower case whatever case the user types.
    const { id } = await registerUser(t.app, 'Claimer@Example.com', 'claim password 1');
    const afterRegister = await recordsOf(id);
    expect(afterRegister).toHaveLength(50);
    for (const record of afterRegister) expect(record).toMatchObject({ userId: id, claimed: true, pendingUserId: email });
    expect(await recordsWaitingFor(email)).toHaveLength(10);

    expect((await signIn(t.app, email, 'claim password 1')).statusCode).toBe(200);
    expect(await recordsOf(id)).toHaveLength(60);
    expect(await recordsWaitingFor(email)).toHaveLength(0);

    // Nothing left: another sign-in changes nothing.
    expect((await signIn(t.app, email, 'claim password 1')).statusCode).toBe(200);
    expect(await recordsOf(id)).toHaveLength(60);
  });

  it('claims at most 10 per sign-in', async () => {
    const email = 'late-records@example.com';
    const { id } = await registerUser(t.app, email, 'claim password 1');
    expect(await recordsOf(id)).toHaveLength(0);

    // Records created for the address after the account exists (e.g. a gift) wait for the next sign-in.
    await waitingFor(email, 25);
    const expected = [10, 20, 25, 25];
    for (const count of expected) {
      expect((await signIn(t.app, email, 'claim password 1')).statusCode).toBe(200);
      expect(await recordsOf(id)).toHaveLength(count);
    }
    expect(await recordsWaitingFor(email)).toHaveLength(0);
  });

  it('leaves records of other addresses and records already claimed alone', async () => {
    const other = await registerUser(t.app, 'first-owner@example.com');
    const email = 'careful@example.com';
    const othersWaiting = await waitingFor('someone-else@example.com', 5);
    // Claimed by another account earlier (the same address, once): never claimed again.
    const alreadyClaimed = await waitingFor(email, 3, { claimed: true, userId: other.id });
    await waitingFor(email, 2);

    const { id } = await registerUser(t.app, email);
    expect((await signIn(t.app, email, 'correct horse 1')).statusCode).toBe(200);

    const mine = await recordsOf(id);
    expect(mine).toHaveLength(2);
    const mineIds = mine.map((record) => record.id);
    for (const record of alreadyClaimed) expect(mineIds).not.toContain(record.id);

    const stillTheirs = await recordsOf(other.id);
    expect(stillTheirs.map((record) => record.id).sort()).toEqual(alreadyClaimed.map((record) => record.id).sort());
    for (const record of stillTheirs) expect(record.claimed).toBe(true);

    const untouched = await recordsWaitingFor('someone-else@example.com');
    expect(untouched.map((record) => record.id).sort()).toEqual(othersWaiting.map((record) => record.id).sort());
  });

  it('registers and signs in normally when nothing is waiting', async () => {
    const { id } = await registerUser(t.app, 'nothing-waiting@example.com');
    expect((await signIn(t.app, 'nothing-waiting@example.com', 'correct horse 1')).statusCode).toBe(200);
    expect(await recordsOf(id)).toHaveLength(0);
  });

  it('deleting the account also removes the records still waiting for its address', async () => {
    const email = 'leaving@example.com';
    await waitingFor(email, 60);
    await waitingFor('staying@example.com', 2);
    const { cookie } = await registerUser(t.app, email, 'claim password 1');
    expect(await recordsWaitingFor(email)).toHaveLength(10);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { password: 'claim password 1' },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await recordsWaitingFor(email)).toHaveLength(0);
    expect(await recordsWaitingFor('staying@example.com')).toHaveLength(2);
  });
});
