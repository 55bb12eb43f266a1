import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Habit } from '@selah/domain/habit';
import { createTestApp, expectApiError, registerUser, TEST_ORIGIN, type TestApp } from './helpers';

/** Issue 22, item 6: days prayed, each once in the person's own time zone, also when the phone crosses zones. */
describe('the habit record', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await registerUser(t.app, 'habit@example.com'));
  });
  afterAll(async () => t?.close());

  const at = (iso: string) => t.app.clock.advance(new Date(iso).getTime() - t.app.clock.now().getTime());
  const prayed = async (timeZone: string, who = cookie) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/habit/prayed',
      headers: { origin: TEST_ORIGIN, cookie: who },
      payload: { timeZone },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Habit>();
  };
  const habit = async (timeZone?: string) =>
    (
      await t.app.inject({ url: `/api/habit${timeZone ? `?timeZone=${encodeURIComponent(timeZone)}` : ''}`, headers: { cookie } })
    ).json<Habit>();
  const patch = (payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/habit', headers: { origin: TEST_ORIGIN, cookie }, payload: payload as object });

  it('is only for a signed-in person', async () => {
    expectApiError(await t.app.inject({ url: '/api/habit' }), 401, 'UNAUTHORIZED');
    expectApiError(
      await t.app.inject({ method: 'POST', url: '/api/habit/prayed', headers: { origin: TEST_ORIGIN }, payload: { timeZone: 'UTC' } }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('counts a day once in the zone the phone is in, across a flight from Warsaw to New York', async () => {
    // Thursday 26 November, 23:30 in Warsaw.
    at('2026-11-26T22:30:00Z');
    const first = await prayed('Europe/Warsaw');
    expect(first.today).toBe('2026-11-26');
    expect(first.summary).toEqual({ daysThisWeek: 1, daysThisMonth: 1, streak: 1, week: [false, false, false, true, false, false, false] });
    await prayed('Europe/Warsaw');

    // An hour later it is Friday in Warsaw, but the phone has landed in New York, where it is still Thursday evening.
    at('2026-11-26T23:30:00Z');
    const inNewYork = await prayed('America/New_York');
    expect(inNewYork.today).toBe('2026-11-26');
    expect(inNewYork.summary).toMatchObject({ daysThisWeek: 1, streak: 1 });

    // Seen from Warsaw it is Friday: Thursday prayed, Friday not yet, and the streak goes on.
    expect((await habit('Europe/Warsaw')).summary).toMatchObject({ daysThisWeek: 1, streak: 1 });
    expect((await habit('Europe/Warsaw')).today).toBe('2026-11-27');
    // Friday morning in New York: a second day.
    at('2026-11-27T14:00:00Z');
    expect((await prayed('America/New_York')).summary).toMatchObject({ daysThisWeek: 2, daysThisMonth: 2, streak: 2 });
  });

  it('pauses the streak on a missed rest day instead of resetting it', async () => {
    // Saturday prayed, Sunday missed, Monday prayed.
    at('2026-11-28T12:00:00Z');
    await prayed('UTC');
    at('2026-11-30T12:00:00Z');
    expect((await prayed('UTC')).summary).toMatchObject({ streak: 1, daysThisWeek: 1, daysThisMonth: 4 });
    const rested = await patch({ restDays: [0] });
    expect(rested.statusCode, rested.body).toBe(200);
    expect(rested.json<Habit>()).toMatchObject({ restDays: [0], summary: { streak: 4 } });
  });

  it('hides it all for a person who does not want numbers, and shows it again', async () => {
    const hidden = await patch({ visible: false });
    expect(hidden.json<Habit>()).toMatchObject({ visible: false, summary: null });
    expect((await habit()).summary).toBeNull();
    expect((await patch({ visible: true })).json<Habit>().summary).toMatchObject({ streak: 4 });
  });

  it("counts nobody else's days", async () => {
    const other = await registerUser(t.app, 'habit-other@example.com');
    const theirs = await prayed('UTC', other.cookie);
    expect(theirs.summary).toMatchObject({ daysThisWeek: 1, daysThisMonth: 1, streak: 1 });
    expect((await habit('UTC')).summary).toMatchObject({ streak: 4 });
  });

  it.each([
    ['an unknown time zone', 'POST', { timeZone: 'Mars/Olympus' }],
    ['a time zone with a NUL byte', 'POST', { timeZone: 'Europe/Warsaw\u0000' }],
    ['no time zone', 'POST', {}],
    ['an extra field', 'POST', { timeZone: 'UTC', day: '2026-01-01' }],
    ['a weekday 7', 'PATCH', { restDays: [7] }],
    ['a weekday twice', 'PATCH', { restDays: [0, 0] }],
    ['every day a rest day', 'PATCH', { restDays: [0, 1, 2, 3, 4, 5, 6] }],
    ['visible as text', 'PATCH', { visible: 'no' }],
    ['nothing', 'PATCH', {}],
  ])('refuses %s with 400 and changes nothing', async (_label, method, payload) => {
    const before = await habit('UTC');
    const url = method === 'POST' ? '/api/habit/prayed' : '/api/habit';
    const response = await t.app.inject({ method: method as 'POST', url, headers: { origin: TEST_ORIGIN, cookie }, payload });
    expectApiError(response, 400, 'VALIDATION_ERROR');
    expect(await habit('UTC')).toEqual(before);
  });

  it('refuses a bad time zone in the query and a huge body', async () => {
    expectApiError(await t.app.inject({ url: '/api/habit?timeZone=Nowhere', headers: { cookie } }), 400, 'VALIDATION_ERROR');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/habit/prayed',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ timeZone: 'UTC', pad: 'x'.repeat(10_000) }),
    });
    expect(huge.statusCode).toBe(413);
  });
});
