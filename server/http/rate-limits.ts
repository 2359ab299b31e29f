import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Options } from 'express-rate-limit';
import { problem, sendProblem } from './problem';

/** Requests allowed per window; tests and busy offices may raise them. */
export interface RateLimitSettings {
  windowMs: number;
  /** Per client IP, for each auth endpoint. */
  perIp: number;
  /** Failed sign-ins per account (successful ones do not count). */
  perAccount: number;
  /** Image uploads per signed-in user (each one is resized and re-encoded). */
  uploadsPerUser?: number;
}

/** Enough to fill a whole gallery twice over in one window. */
export const DEFAULT_UPLOADS_PER_USER = 60;

export const DEFAULT_RATE_LIMITS: RateLimitSettings = { windowMs: 15 * 60 * 1000, perIp: 100, perAccount: 10 };

/** A limiter answering 429 problem+json with Retry-After; `skipSuccessfulRequests` counts failures only. */
export function limiter(limit: number, windowMs: number, key: Options['keyGenerator'], skipSuccessfulRequests = false): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests,
    keyGenerator: key,
    handler: (_req, res, _next, options) => {
      res.setHeader('Retry-After', String(Math.ceil(options.windowMs / 1000)));
      sendProblem(res, problem(429, 'rate-limited', 'Too many attempts. Please wait a few minutes and try again.'));
    },
  });
}

/** A rate-limit key per client IP (IPv6 grouped by /56), namespaced by `prefix`. */
export const byIp = (prefix: string) => (req: Request) => `${prefix}:${ipKeyGenerator(req.ip ?? 'unknown')}`;

function byAccount(prefix: string) {
  return (req: Request) => {
    const email = (req.body as { email?: unknown } | undefined)?.email;
    return `${prefix}:${typeof email === 'string' ? email.trim().toLowerCase() : `ip:${ipKeyGenerator(req.ip ?? 'unknown')}`}`;
  };
}

/**
 * Limits that run before any password hashing: per IP on every auth endpoint, and per account
 * on sign-in failures and reset requests, so one address cannot be brute-forced from many IPs.
 */
export function createAuthRateLimits(settings: RateLimitSettings) {
  const { windowMs, perIp, perAccount } = settings;
  return {
    login: [limiter(perIp, windowMs, byIp('login')), limiter(perAccount, windowMs, byAccount('login'), true)],
    register: [limiter(perIp, windowMs, byIp('register'))],
    forgotPassword: [limiter(perIp, windowMs, byIp('forgot')), limiter(perAccount, windowMs, byAccount('forgot'))],
    resetPassword: [limiter(perIp, windowMs, byIp('reset'))],
    refresh: [limiter(perIp * 5, windowMs, byIp('refresh'))],
  };
}
