/**
 * The server's one notion of "now". Production reads the system clock; the browser tests run the server
 * with a settable offset (ENABLE_TEST_CLOCK) so a journey day unlocks without waiting a day.
 */
export interface Clock {
  now(): Date;
  /** Moves this clock forward (or back) by this many milliseconds. */
  advance(ms: number): void;
  /** How far this clock is from the system clock. */
  offsetMs(): number;
}

export function createClock(initialOffsetMs = 0): Clock {
  let offset = initialOffsetMs;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
    offsetMs: () => offset,
  };
}
