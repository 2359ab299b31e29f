/** The server's time (epoch ms). Every time-based rule reads it, never `Date.now()` directly. */
export interface Clock {
  now(): number;
}

/** A clock that can be moved forward: the test clock of `/dev/clock` (never in production). */
export interface AdjustableClock extends Clock {
  /** Moves the time forward by `ms`; the clock keeps running from there. */
  advance(ms: number): void;
  /** How far ahead of the system clock it runs (ms). */
  offset(): number;
}

/** The system clock, plus an offset that only the development tools ever move. */
export function createClock(): AdjustableClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock only moves forward');
      offset += ms;
    },
    offset: () => offset,
  };
}
