import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RegisterRequest } from '../../shared/contracts/auth';
import type { Database } from '../db/database';
import type { DB, UserRow } from '../db/schema';
import { AppError } from '../http/app-error';
import type { Logger } from '../logger';
import { escapeHtml, type Mailer } from '../mail/mailer';
import { findVendor, insertVendor } from '../vendor/vendor.repository';
import { toVendorRecord } from '../vendor/vendor-record';
import { ROLES } from './abilities';
import * as repo from './auth.repository';
import type { GoogleVerifier } from './google-id-token';
import { hashPassword, verifyPassword } from './password';
import { passwordProblem } from './password-policy';
import { hashToken, newOpaqueToken, signAccessToken, type TokenConfig } from './tokens';

/** What the auth use cases need. */
export interface AuthDeps {
  database: Database;
  tokens: TokenConfig;
  mailer: Mailer;
  /** Base of links in mail (PUBLIC_URL), never taken from a request. */
  publicUrl: string;
  logger: Logger;
  google: GoogleVerifier | null;
  /** Shown to the client so it can render Google's button; null when Google sign-in is off. */
  googleClientId: string | null;
  resetTtlMs: number;
  now: () => number;
}

export const RESET_TTL_MS = 60 * 60 * 1000;

const INVALID_CREDENTIALS = 'The email or password is incorrect.';
const INVALID_SESSION = 'Your session has ended. Please sign in again.';
const INVALID_RESET = 'This reset link is invalid or has expired. Request a new one.';

export interface Session {
  accessToken: string;
  refreshToken: string;
}

function weakPassword(message: string): AppError {
  return new AppError(400, 'validation-failed', 'Choose a stronger password.', [{ path: 'password', message }]);
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e.message ?? '');
}

/** Creates the business and its owner account; 400 for a weak password, 409 for a taken email. */
async function createAccount(deps: AuthDeps, input: { email: string; passwordHash: string | null; businessName: string; googleSub?: string }): Promise<UserRow> {
  const now = deps.now();
  const vendorId = randomUUID();
  const user: UserRow = {
    id: randomUUID(),
    vendor_id: vendorId,
    email: input.email,
    password_hash: input.passwordHash,
    role: ROLES.owner,
    google_sub: input.googleSub ?? null,
    sessions_valid_after: 0,
    created_at: now,
    updated_at: now,
  };
  try {
    await deps.database.writeTransaction(async (trx) => {
      await insertVendor(trx, { id: vendorId, businessName: input.businessName, now });
      await repo.insertUser(trx, user);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(409, 'email-taken', 'An account with this email already exists.', [{ path: 'email', message: 'An account with this email already exists. Sign in instead.' }]);
    }
    throw error;
  }
  return user;
}

/** Issues an access token and a refresh token; a new family unless `familyId` continues one. */
export async function issueSession(deps: AuthDeps, db: Kysely<DB>, user: UserRow, family?: { id: string; expiresAt: number }): Promise<Session> {
  const now = deps.now();
  const refresh = newOpaqueToken();
  await repo.insertRefreshToken(db, {
    id: randomUUID(),
    familyId: family?.id ?? randomUUID(),
    userId: user.id,
    tokenHash: refresh.hash,
    expiresAt: family?.expiresAt ?? now + deps.tokens.refreshTtlSeconds * 1000,
    now,
  });
  const accessToken = await signAccessToken(deps.tokens, { userId: user.id, vendorId: user.vendor_id, role: user.role }, now);
  return { accessToken, refreshToken: refresh.token };
}

/** The vendor record of a user. */
export async function vendorRecordOf(deps: Pick<AuthDeps, 'database'>, user: UserRow) {
  const vendor = await findVendor(deps.database.db, user.vendor_id);
  if (!vendor) throw new AppError(401, 'unauthorized', INVALID_SESSION);
  return toVendorRecord(user, vendor);
}

async function sessionAnswer(deps: AuthDeps, user: UserRow) {
  const session = await issueSession(deps, deps.database.db, user);
  return { ...session, vendor: await vendorRecordOf(deps, user) };
}

/** Sign-up: the business, its owner, and a first session. */
export async function register(deps: AuthDeps, input: RegisterRequest) {
  const problem = passwordProblem(input.password, { email: input.email });
  if (problem) throw weakPassword(problem);
  const user = await createAccount(deps, { email: input.email, passwordHash: await hashPassword(input.password), businessName: input.businessName });
  deps.logger.info('vendor registered', { userId: user.id, vendorId: user.vendor_id });
  return sessionAnswer(deps, user);
}

/** Sign-in with email and password; the same 401 for an unknown email and a wrong password. */
export async function login(deps: AuthDeps, input: { email: string; password: string }) {
  const user = await repo.findUserByEmail(deps.database.db, input.email);
  const ok = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !ok) throw new AppError(401, 'invalid-credentials', INVALID_CREDENTIALS);
  return sessionAnswer(deps, user);
}

/** Sign-in with a Google ID token: by Google account, else a verified matching email, else a new account. */
export async function loginWithGoogle(deps: AuthDeps, idToken: string) {
  if (!deps.google) throw new AppError(404, 'not-found', 'Google sign-in is not configured.');
  const verified = await deps.google.verify(idToken);
  if (!verified) throw new AppError(401, 'invalid-credentials', 'Google could not confirm your sign-in. Please try again.');
  // Stored emails are lower-case; Google may report any case.
  const identity = { ...verified, email: verified.email?.toLowerCase() ?? null };
  let user = await repo.findUserByGoogleSub(deps.database.db, identity.sub);
  if (!user && identity.email && identity.emailVerified) {
    const byEmail = await repo.findUserByEmail(deps.database.db, identity.email);
    if (byEmail) {
      await repo.linkGoogle(deps.database.db, byEmail.id, identity.sub, deps.now());
      user = { ...byEmail, google_sub: identity.sub };
    }
  }
  if (!user) {
    if (!identity.email || !identity.emailVerified) throw new AppError(401, 'invalid-credentials', 'Your Google account has no verified email address.');
    user = await createAccount(deps, { email: identity.email, passwordHash: null, businessName: identity.name ?? identity.email.split('@')[0] ?? 'My business', googleSub: identity.sub });
  }
  return sessionAnswer(deps, user);
}

/**
 * Rotates a refresh token. A token already used means it was stolen or replayed: its whole
 * family is revoked, so the thief's and the victim's sessions both end.
 */
export async function refresh(deps: AuthDeps, refreshToken: string): Promise<Session> {
  const now = deps.now();
  const row = await repo.findRefreshToken(deps.database.db, hashToken(refreshToken));
  if (!row || row.revoked_at !== null || row.expires_at <= now) throw new AppError(401, 'unauthorized', INVALID_SESSION);
  if (row.used_at !== null) {
    await repo.revokeFamily(deps.database.db, row.family_id, now);
    deps.logger.warn('refresh token reused: family revoked', { userId: row.user_id, familyId: row.family_id });
    throw new AppError(401, 'unauthorized', INVALID_SESSION);
  }
  return deps.database.writeTransaction(async (trx) => {
    if (!(await repo.claimRefreshToken(trx, row.id, now))) {
      await repo.revokeFamily(trx, row.family_id, now);
      throw new AppError(401, 'unauthorized', INVALID_SESSION);
    }
    const user = await repo.findUserById(trx, row.user_id);
    if (!user) throw new AppError(401, 'unauthorized', INVALID_SESSION);
    return issueSession(deps, trx, user, { id: row.family_id, expiresAt: row.expires_at });
  });
}

/** Ends the session the refresh token belongs to (its whole family). Unknown tokens are ignored. */
export async function logout(deps: AuthDeps, refreshToken: string): Promise<void> {
  const row = await repo.findRefreshToken(deps.database.db, hashToken(refreshToken));
  if (row) await repo.revokeFamily(deps.database.db, row.family_id, deps.now());
}

/**
 * Mails a reset link when the account exists. The caller answers 202 before this finishes,
 * so the answer is the same, in content and in time, for unknown emails.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const user = await repo.findUserByEmail(deps.database.db, email);
  if (!user) return;
  const now = deps.now();
  const reset = newOpaqueToken();
  await repo.insertPasswordReset(deps.database.db, { id: randomUUID(), userId: user.id, tokenHash: reset.hash, expiresAt: now + deps.resetTtlMs, now });
  const link = `${deps.publicUrl}/reset-password/${reset.token}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your Vowly Pro password',
    text: `Someone asked to reset the password of your Vowly Pro account.\n\nSet a new password: ${link}\n\nThe link works once, for one hour. If it wasn't you, ignore this email: your password stays as it is.`,
    html: `<p>Someone asked to reset the password of your Vowly Pro account.</p><p><a href="${escapeHtml(link)}">Set a new password</a></p><p>The link works once, for one hour. If it wasn't you, ignore this email: your password stays as it is.</p>`,
  });
}

/** Sets a new password with a reset token (single use, one hour) and ends every session. */
export async function resetPassword(deps: AuthDeps, input: { token: string; password: string }): Promise<void> {
  const now = deps.now();
  const tokenHash = hashToken(input.token);
  const pending = await deps.database.db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['users.email'])
    .where('password_resets.token_hash', '=', tokenHash)
    .executeTakeFirst();
  const problem = passwordProblem(input.password, { email: pending?.email });
  if (problem) throw weakPassword(problem);
  const passwordHash = await hashPassword(input.password);
  await deps.database.writeTransaction(async (trx) => {
    const userId = await repo.claimPasswordReset(trx, tokenHash, now);
    if (!userId) throw new AppError(400, 'invalid-token', INVALID_RESET, [{ path: 'token', message: INVALID_RESET }]);
    await repo.setPasswordHash(trx, userId, passwordHash, now);
    await repo.expireOpenResets(trx, userId, now);
    await repo.revokeAllForUser(trx, userId, now);
  });
}

/** The signed-in user's vendor record. */
export async function me(deps: Pick<AuthDeps, 'database'>, userId: string) {
  const user = await repo.findUserById(deps.database.db, userId);
  if (!user) throw new AppError(401, 'unauthorized', INVALID_SESSION);
  return vendorRecordOf(deps, user);
}
