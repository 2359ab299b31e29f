/** Milliseconds in a minute, an hour and a (UTC) day: the server clock and the test clock count in them. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
