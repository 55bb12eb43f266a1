import { afterEach, describe, expect, it } from 'vitest';
import { noteServerTime, resetServerClock, serverClockNow, withServerTime } from './server-clock';

afterEach(() => resetServerClock());

describe('the server clock', () => {
  it('reads the device clock until an answer says otherwise', () => {
    expect(serverClockNow(1_000_000).getTime()).toBe(1_000_000);
  });

  it('runs ahead or behind by what the latest answer measured at its receipt', () => {
    const received = Date.parse('2026-03-10T12:00:00Z');
    noteServerTime('2026-03-10T12:10:00Z', received);
    expect(serverClockNow(received + 60_000).toISOString()).toBe('2026-03-10T12:11:00.000Z');
    noteServerTime('2026-03-10T11:00:00Z', received);
    expect(serverClockNow(received).toISOString()).toBe('2026-03-10T11:00:00.000Z');
  });

  it('ignores answers without a readable serverTime', () => {
    const received = Date.parse('2026-03-10T12:00:00Z');
    noteServerTime('2026-03-10T12:10:00Z', received);
    noteServerTime(undefined, received);
    noteServerTime(42, received);
    expect(serverClockNow(received).toISOString()).toBe('2026-03-10T12:10:00.000Z');
  });

  it('passes an answer through, noting its serverTime', () => {
    const answer = { id: 'a', serverTime: new Date(Date.now() + 3_600_000).toISOString() };
    expect(withServerTime(answer)).toBe(answer);
    expect(serverClockNow().getTime() - Date.now()).toBeGreaterThan(3_590_000);
  });
});
