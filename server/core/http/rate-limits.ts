import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Options, type Store } from 'express-rate-limit';
import type { CounterStore } from './counter-store';
import { problem, sendProblem } from './problem';
import { authOf } from './require-auth';
import { HOUR_MS } from '../../../shared/time/durations';

/**
 * Requests allowed per window; tests and busy offices may raise them. A module with a limit of its
 * own adds it here from its own files (declaration merging), as the quotes module does.
 */
export interface RateLimitSettings {
  windowMs: number;
  /** Per client IP, for each auth endpoint. */
  perIp: number;
  /** Failed sign-ins to one account from one address (successful ones do not count). */
  perAccount: number;
  /** Failed sign-ins to one account from all addresses before addresses it never used are slowed (default: perAccount). */
  accountCeiling?: number;
  /** Above the ceiling, one sign-in attempt per this interval from unknown addresses (default 30 s). */
  slowIntervalMs?: number;
  /** Uploads per signed-in user (images are resized and re-encoded, calendar files expanded). */
  uploadsPerUser?: number;
  /**
   * Where every limit counts (several instances: Redis, so the 11th attempt on any instance is
   * refused). Unset: each limit counts in this process's memory.
   */
  counters?: CounterStore;
}

/** Enough to fill a whole gallery twice over in one window. */
export const DEFAULT_UPLOADS_PER_USER = 60;

export const DEFAULT_RATE_LIMITS: RateLimitSettings = { windowMs: 15 * 60 * 1000, perIp: 100, perAccount: 10 };

/** Above an account's ceiling of failed sign-ins, strangers get one attempt per 30 seconds between them. */
export const DEFAULT_SLOW_INTERVAL_MS = 30_000;

/** express-rate-limit's store over a {@link CounterStore}: one per limiter (the library refuses a shared one), the counts in the shared store. */
function storeOver(counters: CounterStore): Store {
  let windowMs = 60_000;
  return {
    init: (options) => void (windowMs = options.windowMs),
    increment: async (key) => {
      const window = await counters.hit(key, windowMs);
      return { totalHits: window.count, resetTime: new Date(window.resetAt) };
    },
    decrement: (key) => counters.undo(key),
    resetKey: (key) => counters.reset(key),
    localKeys: false,
  };
}

/**
 * A limiter answering 429 problem+json with Retry-After. `skipSuccessfulRequests` counts failures
 * only; `counters` is the shared store of several instances (RateLimitSettings.counters).
 */
export function limiter(
  limit: number,
  windowMs: number,
  key: Options['keyGenerator'],
  options: { skipSuccessfulRequests?: boolean; counters?: CounterStore } = {},
): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: options.skipSuccessfulRequests ?? false,
    keyGenerator: key,
    ...(options.counters ? { store: storeOver(options.counters) } : {}),
    handler: (_req, res, _next, handlerOptions) => {
      res.setHeader('Retry-After', String(Math.ceil(handlerOptions.windowMs / 1000)));
      sendProblem(res, problem(429, 'rate-limited', 'Too many attempts. Please wait a few minutes and try again.'));
    },
  });
}

/**
 * At most `max` requests an hour from one signed-in user, counted under `kind` in the shared
 * counters (after `requireAuth`): what one person of a business may send (messages, reports,
 * contact messages). 429 past it.
 */
export function perUserPerHour(kind: string, max: number, counters: CounterStore | undefined): RequestHandler {
  return limiter(max, HOUR_MS, (_req, res) => `${kind}-user:${authOf(res).userId}`, { counters });
}

/** A rate-limit key per client IP (IPv6 grouped by /56), namespaced by `prefix`. */
export const byIp = (prefix: string) => (req: Request) => `${prefix}:${addressKey(req)}`;

function byAccount(prefix: string) {
  return (req: Request) => {
    const email = (req.body as { email?: unknown } | undefined)?.email;
    return `${prefix}:${typeof email === 'string' ? email.trim().toLowerCase() : `ip:${addressKey(req)}`}`;
  };
}

/** The client's address as limits count it: IPv6 grouped by /56, so one household is one address. */
export function addressKey(req: Request): string {
  return ipKeyGenerator(req.ip ?? 'unknown');
}

/**
 * Limits that run before any password hashing: per IP on every auth endpoint, and per account on
 * reset requests. Failed sign-ins are counted per account by the sign-in throttle (auth module).
 */
export function createAuthRateLimits(settings: RateLimitSettings) {
  const { windowMs, perIp, perAccount, counters } = settings;
  return {
    login: [limiter(perIp, windowMs, byIp('login'), { counters })],
    register: [limiter(perIp, windowMs, byIp('register'), { counters })],
    forgotPassword: [limiter(perIp, windowMs, byIp('forgot'), { counters }), limiter(perAccount, windowMs, byAccount('forgot'), { counters })],
    resetPassword: [limiter(perIp, windowMs, byIp('reset'), { counters })],
    refresh: [limiter(perIp * 5, windowMs, byIp('refresh'), { counters })],
  };
}

/**
 * Limits of endpoints that check the signed-in user's password (change it, delete the account,
 * leave a team), before any hashing: every request per IP, and failed checks per user, so a
 * stolen access token cannot be used to guess the password behind it from many addresses.
 */
export function createPasswordCheckLimits(settings: RateLimitSettings) {
  const { windowMs, perIp, perAccount, counters } = settings;
  return {
    perIp: limiter(perIp, windowMs, byIp('account'), { counters }),
    /** Mount after requireAuth. */
    failuresPerUser: limiter(perAccount, windowMs, (_req, res) => `account-user:${authOf(res).userId}`, { skipSuccessfulRequests: true, counters }),
  };
}
