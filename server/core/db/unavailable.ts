/**
 * Errors that say the store cannot be reached or used right now, not that the request was wrong:
 * answered 503 with Retry-After (the client may try again), never 500.
 */

/** Node's network errors on the way to PostgreSQL. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);

/** PostgreSQL's SQLSTATEs of class 08 (connection exception), 53 (insufficient resources) and 57P (operator intervention: shutdown, restart). */
const POSTGRES_STATE = /^(08|53|57P0[1-3])/;

/** SQLite's result codes when the file is busy past the busy timeout, full, unreadable or read-only. */
const SQLITE_CODE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|READONLY|NOMEM)/;

/** The pg driver's own messages for a lost or unobtainable connection (they carry no code). */
const DRIVER_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused|not queryable/i;

/** Whether `error` (or what caused it) is the database being away, busy or out of room. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_STATE.test(code) || SQLITE_CODE.test(code))) return true;
  if (typeof message === 'string' && DRIVER_MESSAGE.test(message)) return true;
  // An AggregateError (a connection tried on IPv4 and IPv6) or a wrapped cause.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
