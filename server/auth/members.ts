import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ROLES } from '../../shared/ability/roles';
import type { DB } from '../core/db/schema';
import { AppError } from '../core/http/app-error';
import type { UserRow } from './auth.table';
import type { AuthDeps } from './auth-deps';
import * as repo from './auth.repository';
import { weakPassword } from './password-policy';
import { wrongPassword } from './credentials.service';
import { hashPassword, verifyPassword, type PasswordCost } from './password';
import { passwordProblem } from './password-policy';
import { INVALID_SESSION, signedIn, type SignedIn } from './sessions';

/** A user as other modules see one. */
export interface UserSummary {
  id: string;
  vendorId: string;
  email: string;
  role: string;
  /** The address was shown to reach this person (a link mailed to it was opened, or Google vouched for it). */
  emailVerified: boolean;
}

function summaryOf(user: UserRow): UserSummary {
  return { id: user.id, vendorId: user.vendor_id, email: user.email, role: user.role, emailVerified: user.email_verified_at !== null };
}

export async function findUser(db: Kysely<DB>, userId: string): Promise<UserSummary | null> {
  const user = await repo.findUserById(db, userId);
  return user ? summaryOf(user) : null;
}

export async function findUserByEmail(db: Kysely<DB>, email: string): Promise<UserSummary | null> {
  const user = await repo.findUserByEmail(db, email);
  return user ? summaryOf(user) : null;
}

/** Ends every session of the user (their access tokens too, once the caller's transaction commits). */
export function endSessions(deps: Pick<AuthDeps, 'database' | 'sessions' | 'clock'>, trx: Kysely<DB>, userId: string): Promise<void> {
  deps.database.afterCommit(trx, () => deps.sessions.ended([userId]));
  return repo.revokeAllForUser(trx, userId, deps.clock.now());
}

/** The people of a business, oldest first. */
export function listUsers(db: Kysely<DB>, vendorId: string) {
  return repo.listUsersOfBusiness(db, vendorId);
}

/** Deletes a user of the business with their sessions and links; false when there is none. */
export function deleteUser(trx: Kysely<DB>, vendorId: string, userId: string): Promise<boolean> {
  return repo.deleteUserOfBusiness(trx, vendorId, userId);
}

/**
 * Checks the signed-in user's own password before something irreversible; a wrong one is a 400
 * `invalid-credentials` with the field error on `path` and the given summary.
 */
export async function confirmPassword(
  deps: Pick<AuthDeps, 'database'>,
  userId: string,
  password: string,
  refusal: { detail: string; path: string },
): Promise<UserSummary> {
  const user = await repo.findUserById(deps.database.db, userId);
  if (!user) throw new AppError(401, 'unauthorized', INVALID_SESSION);
  if (!(await verifyPassword(user.password_hash, password)))
    throw new AppError(400, 'invalid-credentials', refusal.detail, [wrongPassword(user, refusal.path)]);
  return summaryOf(user);
}

/** Checks a new password against the policy (400 on `password`) and hashes it: before any transaction. */
export async function preparePassword(password: string, email: string, cost?: PasswordCost): Promise<string> {
  const problem = passwordProblem(password, { email });
  if (problem) throw weakPassword(problem);
  return hashPassword(password, cost);
}

/**
 * Adds a team member (role client) to a business in the caller's transaction. The invitation
 * link proved the address, so it is verified. 409 when the address already has an account.
 */
export async function addTeamMember(
  deps: Pick<AuthDeps, 'clock'>,
  trx: Kysely<DB>,
  input: { vendorId: string; email: string; passwordHash: string },
): Promise<string> {
  if (await repo.findUserByEmail(trx, input.email)) throw new AppError(409, 'email-taken', 'This email already belongs to an account. Sign in instead.');
  const now = deps.clock.now();
  const id = randomUUID();
  await repo.insertUser(trx, {
    id,
    vendor_id: input.vendorId,
    email: input.email,
    password_hash: input.passwordHash,
    role: ROLES.teamMember,
    google_sub: null,
    email_verified_at: now,
    created_at: now,
    updated_at: now,
  });
  return id;
}

/** Signs a user in: a new session and their vendor record. */
export async function startSession(deps: AuthDeps, userId: string): Promise<SignedIn> {
  const user = await repo.findUserById(deps.database.db, userId);
  if (!user) throw new AppError(401, 'unauthorized', INVALID_SESSION);
  return signedIn(deps, user);
}
