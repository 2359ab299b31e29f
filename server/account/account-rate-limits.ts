import { byIp, limiter, type RateLimitSettings } from '../http/rate-limits';
import { authOf } from '../http/require-auth';

/**
 * Limits of the account endpoints, checked before any password hashing: every request per IP,
 * and failed password checks per signed-in user (so a stolen access token cannot be used to
 * guess the password behind it from many addresses).
 */
export function createAccountRateLimits(settings: RateLimitSettings) {
  const { windowMs, perIp, perAccount } = settings;
  return {
    perIp: limiter(perIp, windowMs, byIp('account')),
    /** Mount after requireAuth. */
    failuresPerUser: limiter(perAccount, windowMs, (_req, res) => `account-user:${authOf(res).userId}`, true),
  };
}
