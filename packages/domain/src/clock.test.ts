import { describe, expect, it } from 'vitest';
import { clockOffsetMs, serverNow } from './clock';

describe('clockOffsetMs', () => {
  it('is how far the server clock is ahead of the device clock (negative when behind)', () => {
    const received = Date.parse('2026-03-10T12:00:00Z');
    expect(clockOffsetMs('2026-03-10T12:05:00Z', received)).toBe(5 * 60_000);
    expect(clockOffsetMs('2026-03-10T11:00:00Z', received)).toBe(-60 * 60_000);
    expect(clockOffsetMs('2026-03-10T12:00:00.000Z', received)).toBe(0);
  });

  it('is 0 when the server time cannot be read', () => {
    expect(clockOffsetMs('soon', Date.now())).toBe(0);
    expect(clockOffsetMs('', Date.now())).toBe(0);
  });
});

describe('serverNow', () => {
  it('moves the device time by the offset', () => {
    const device = Date.parse('2026-03-10T12:00:00Z');
    expect(serverNow(90_000, device).toISOString()).toBe('2026-03-10T12:01:30.000Z');
    expect(serverNow(-90_000, device).toISOString()).toBe('2026-03-10T11:58:30.000Z');
    expect(serverNow(Number.NaN, device).getTime()).toBe(device);
  });
});
