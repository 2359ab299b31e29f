import type { Kysely } from 'kysely';
import type { RegisterRequest } from '../../shared/contracts/auth';
import type { DB } from '../core/db/schema';
import type { AuthDeps } from './auth-deps';
import { register } from './sign-up';
import { endSessions, preparePassword, startSession } from './members';
import type { SignedIn } from './sessions';

/**
 * What other modules may do with logins, bound once by the app to auth's token settings and
 * session gate, so that they receive this instead of auth's own deps.
 */
export interface Logins {
  /** Sign-up as the form does it (the business, its owner, the welcome mail), signed in. */
  register(input: RegisterRequest): Promise<SignedIn>;
  /** Signs a user in: a new session and their vendor record. */
  signIn(userId: string): Promise<SignedIn>;
  /** Ends every session of the user in the caller's transaction; this instance refuses them once it commits. */
  endSessions(trx: Kysely<DB>, userId: string): Promise<void>;
  /** Checks a new password against the policy (400 on `password`) and hashes it: before any transaction. */
  preparePassword(password: string, email: string): Promise<string>;
}

export function createLogins(deps: AuthDeps): Logins {
  return {
    register: (input) => register(deps, input),
    signIn: (userId) => startSession(deps, userId),
    endSessions: (trx, userId) => endSessions(deps, trx, userId),
    preparePassword: (password, email) => preparePassword(password, email, deps.passwordCost),
  };
}
