import { AppError } from '../core/http/app-error';
import type { CounterStore } from '../core/http/counter-store';
import { waitText } from '../core/http/wait-text';

/** How failed sign-ins are counted (RATE_LIMIT_PER_ACCOUNT, RATE_LIMIT_ACCOUNT_CEILING). */
export interface SignInLimits {
  windowMs: number;
  /** Failed sign-ins to one account from one address; then that address waits out the window. */
  perAddress: number;
  /** Failed sign-ins to one account from all addresses; then addresses it never signed in from are slowed. */
  accountCeiling: number;
  /** Above the ceiling, one attempt per this interval from addresses the account never signed in from. */
  slowIntervalMs: number;
}

/** One sign-in attempt: the account's email (lower case) and the client's address key. */
export interface SignInAttempt {
  email: string;
  address: string;
}

export interface SignInThrottle {
  /**
   * Throws 429 when this attempt must wait. Runs before the password is hashed. `isKnownAddress`
   * is asked only when the account is over its ceiling.
   */
  check(attempt: SignInAttempt, isKnownAddress: () => Promise<boolean>): Promise<void>;
  failed(attempt: SignInAttempt): Promise<void>;
  succeeded(attempt: SignInAttempt): Promise<void>;
}

/**
 * Failed sign-ins counted per account and address, with a per-account ceiling that slows
 * strangers instead of locking the owner out: many addresses guessing one account's password
 * get one attempt per `slowIntervalMs` between them, while an address that has signed in to
 * the account before is held only by its own count. Unknown emails are counted the same way,
 * so the answers tell nothing about which accounts exist.
 */
export function createSignInThrottle(limits: SignInLimits, store: CounterStore, now: () => number): SignInThrottle {
  const pairKey = (a: SignInAttempt) => `sign-in:pair:${a.email}:${a.address}`;
  const accountKey = (a: SignInAttempt) => `sign-in:account:${a.email}`;
  const slowKey = (a: SignInAttempt) => `sign-in:slow:${a.email}`;

  return {
    async check(attempt, isKnownAddress) {
      const pair = await store.get(pairKey(attempt));
      if (pair && pair.count >= limits.perAddress) {
        const wait = pair.resetAt - now();
        throw new AppError(
          429,
          'rate-limited',
          `Too many failed sign-ins to this account from your network. Try again in ${waitText(wait)}, or reset your password.`,
          undefined,
          wait / 1000,
        );
      }
      const account = await store.get(accountKey(attempt));
      if (!account || account.count < limits.accountCeiling || (await isKnownAddress())) return;
      const slot = await store.hit(slowKey(attempt), limits.slowIntervalMs);
      if (slot.count > 1) {
        const wait = slot.resetAt - now();
        throw new AppError(
          429,
          'rate-limited',
          `This account had many failed sign-ins, so new devices must wait between attempts. Try again in ${waitText(wait)}, or reset your password.`,
          undefined,
          wait / 1000,
        );
      }
    },
    async failed(attempt) {
      await Promise.all([store.hit(pairKey(attempt), limits.windowMs), store.hit(accountKey(attempt), limits.windowMs)]);
    },
    async succeeded(attempt) {
      await store.reset(pairKey(attempt));
    },
  };
}
