import { clockOffsetMs, serverNow } from '@selah/domain/clock';

/**
 * The server's clock, as far as this device can tell. The server decides when a personalized day opens with
 * its own clock; answers that matter carry `serverTime`, and the offset measured when the latest one arrived
 * turns the device's time into the server's. Countdowns and day-open checks read `serverClockNow()`, so a
 * device whose clock is off counts down to the moment the server opens the day.
 */
let offsetMs = 0;

/** Notes the server's clock of an answer that carries `serverTime`, measured at its receipt (now, by default). */
export function noteServerTime(serverTime: unknown, receivedAt: number = Date.now()): void {
  if (typeof serverTime !== 'string') return;
  offsetMs = clockOffsetMs(serverTime, receivedAt);
}

/** Passes an answer through, noting its serverTime: `apiFetch(...).then(withServerTime)`. */
export function withServerTime<T extends { serverTime?: unknown }>(answer: T): T {
  noteServerTime(answer.serverTime);
  return answer;
}

/** The server's time at the device time `deviceMs` (now, by default). */
export function serverClockNow(deviceMs: number = Date.now()): Date {
  return serverNow(offsetMs, deviceMs);
}

/** For tests: forget what was measured. */
export function resetServerClock(): void {
  offsetMs = 0;
}
