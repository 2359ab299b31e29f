import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ROLES } from '../../shared/ability/roles';
import type { RegisterRequest } from '../../shared/contracts/auth';
import { insertVendor } from '../business';
import type { DB } from '../core/db/schema';
import { isUniqueViolation } from '../core/db/unique-violation';
import { AppError } from '../core/http/app-error';
import { mailPasswordResetLink, mailVerificationLink } from '../notifications';
import { RESET_TTL_MS, VERIFY_EMAIL_TTL_MS, type AuthDeps } from './auth-deps';
import * as repo from './auth.repository';
import type { RefreshTokenRow, UserRow } from './auth.table';
import { DELETE_DEMO_COMMAND, isDemoEmail } from './demo-account';
import { hashPassword, verifyPassword } from './password';
import { passwordProblem } from './password-policy';
import { INVALID_SESSION, issueSessionToken, signedIn, type Session } from './sessions';
import type { SignInThrottle } from './sign-in-throttle';
import { hashToken, newOpaqueToken } from '../core/opaque-tokens';
import { hashAddress } from './tokens';

const INVALID_CREDENTIALS = 'The email or password is incorrect.';
const INVALID_RESET = 'This reset link is invalid or has expired. Request a new one.';

export function weakPassword(message: string, path = 'password'): AppError {
  return new AppError(400, 'validation-failed', 'Choose a stronger password.', [{ path, message }]);
}

/**
 * Queues a mail with a fresh verification link for the user's address (closing older links):
 * the welcome mail at registration, or a reminder they asked for. In the caller's transaction.
 */
export async function sendVerificationLink(
  deps: AuthDeps,
  trx: Kysely<DB>,
  user: { id: string; email: string },
  businessName: string,
  welcome: boolean,
): Promise<void> {
  const now = deps.clock.now();
  const token = newOpaqueToken();
  await repo.closeOpenLinks(trx, 'email_verifications', user.id, now);
  await repo.insertLink(trx, 'email_verifications', { id: randomUUID(), userId: user.id, tokenHash: token.hash, expiresAt: now + VERIFY_EMAIL_TTL_MS, now });
  await mailVerificationLink(deps, trx, { to: user.email, businessName, link: `${deps.publicUrl}/verify-email/${token.token}`, welcome });
}

/**
 * Creates the business and its owner account (409 for a taken email). An address Google
 * vouched for is verified at once; otherwise the welcome mail asks for it, in the same transaction.
 */
async function createAccount(
  deps: AuthDeps,
  input: { email: string; passwordHash: string | null; businessName: string; googleSub?: string },
): Promise<UserRow> {
  const now = deps.clock.now();
  const vendorId = randomUUID();
  const user: UserRow = {
    id: randomUUID(),
    vendor_id: vendorId,
    email: input.email,
    password_hash: input.passwordHash,
    role: ROLES.owner,
    google_sub: input.googleSub ?? null,
    email_verified_at: input.googleSub ? now : null,
    sign_in_count: 0,
    created_at: now,
    updated_at: now,
  };
  try {
    await deps.database.writeTransaction(async (trx) => {
      await insertVendor(trx, { id: vendorId, businessName: input.businessName, now });
      await repo.insertUser(trx, user);
      await deps.events.publish(trx, 'business.created', { vendorId, businessName: input.businessName });
      if (!input.googleSub) await sendVerificationLink(deps, trx, user, input.businessName, true);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(409, 'email-taken', 'An account with this email already exists.', [
        { path: 'email', message: 'An account with this email already exists. Sign in instead.' },
      ]);
    }
    throw error;
  }
  return user;
}

/** Sign-up: the business, its owner, a welcome mail asking to verify the address, and a first session. */
export async function register(deps: AuthDeps, input: RegisterRequest) {
  const problem = passwordProblem(input.password, { email: input.email });
  if (problem) throw weakPassword(problem);
  const user = await createAccount(deps, {
    email: input.email,
    passwordHash: await hashPassword(input.password, deps.passwordCost),
    businessName: input.businessName,
  });
  deps.logger.info('vendor registered', { userId: user.id, vendorId: user.vendor_id });
  return signedIn(deps, user);
}

/**
 * Sign-in with email and password; the same 401 for an unknown email and a wrong password.
 * The throttle decides before any hashing whether this address may try now; an address the
 * account signed in from before is remembered, so an attack on the account does not slow it.
 */
export async function login(deps: AuthDeps, input: { email: string; password: string }, client: { address: string; throttle: SignInThrottle }) {
  if (deps.demoSignIn === 'refused' && isDemoEmail(input.email)) {
    deps.logger.warn(`sign-in to the demo account refused: it must not exist in production; delete it with \`${DELETE_DEMO_COMMAND}\``);
    throw new AppError(401, 'invalid-credentials', INVALID_CREDENTIALS);
  }
  const db = deps.database.db;
  const attempt = { email: input.email, address: client.address };
  const addressHash = hashAddress(deps.tokens.secret, client.address);
  // The user is looked up only when the throttle needs to know whether this address is theirs.
  await client.throttle.check(attempt, async () => {
    const known = await repo.findUserByEmail(db, input.email);
    return known ? repo.isKnownSignInAddress(db, known.id, addressHash) : false;
  });
  const user = await repo.findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.password_hash ?? null, input.password, deps.passwordCost);
  if (!user || !ok) {
    await client.throttle.failed(attempt);
    throw new AppError(401, 'invalid-credentials', INVALID_CREDENTIALS);
  }
  await client.throttle.succeeded(attempt);
  await repo.rememberSignInAddress(db, user.id, addressHash, deps.clock.now());
  return signedIn(deps, user);
}

/** Sign-in with a Google ID token: by Google account, else a verified matching email, else a new account. */
export async function loginWithGoogle(deps: AuthDeps, idToken: string) {
  if (!deps.google) throw new AppError(404, 'not-found', 'Google sign-in is not configured.');
  const verified = await deps.google.verify(idToken);
  if (!verified) throw new AppError(401, 'invalid-credentials', 'Google could not confirm your sign-in. Please try again.');
  // Stored emails are lower-case; Google may report any case.
  const identity = { ...verified, email: verified.email?.toLowerCase() ?? null };
  const db = deps.database.db;
  let user = await repo.findUserByGoogleSub(db, identity.sub);
  if (!user && identity.email && identity.emailVerified) {
    const byEmail = await repo.findUserByEmail(db, identity.email);
    if (byEmail) {
      const now = deps.clock.now();
      await repo.linkGoogle(db, byEmail.id, identity.sub, now);
      await repo.markEmailVerified(db, byEmail.id, now);
      user = { ...byEmail, google_sub: identity.sub, email_verified_at: byEmail.email_verified_at ?? now };
    }
  }
  if (!user) {
    if (!identity.email || !identity.emailVerified) throw new AppError(401, 'invalid-credentials', 'Your Google account has no verified email address.');
    user = await createAccount(deps, {
      email: identity.email,
      passwordHash: null,
      businessName: identity.name ?? identity.email.split('@')[0] ?? 'My business',
      googleSub: identity.sub,
    });
  }
  return signedIn(deps, user);
}

/**
 * How long after a rotation the same token, sent again with the same retry key, is taken for a
 * retry of that rotation whose answer never arrived rather than for reuse.
 */
export const REFRESH_RETRY_WINDOW_MS = 60_000;

/**
 * Rotates a refresh token. A token already used means it was stolen or replayed: its whole
 * family is revoked, so the thief's and the victim's sessions both end. One exception: the
 * browser that used it sends it again with the retry key of that use, within
 * REFRESH_RETRY_WINDOW_MS, and the token it was rotated into has not been used. That is a page
 * that unloaded (a reload, a link followed) while its refresh was on the way, so the server
 * rotated but the answer was dropped: a new successor is issued and the lost one is spent, so
 * that if it ever turns up (the answer was intercepted after all) it is reuse. The key is kept
 * in the browser's own storage; a copied token without it is still reuse.
 */
export async function refresh(deps: AuthDeps, refreshToken: string, retryKey?: string): Promise<Session> {
  const now = deps.clock.now();
  const row = await repo.findRefreshToken(deps.database.db, hashToken(refreshToken));
  if (!row || row.revoked_at !== null || row.expires_at <= now) throw new AppError(401, 'unauthorized', INVALID_SESSION);
  const retryKeyHash = retryKey === undefined ? null : hashToken(retryKey);
  if (row.used_at !== null) {
    const retried = isRetryOfRotation(row, retryKeyHash, now) ? await rotateAgain(deps, row, now) : null;
    if (retried) {
      deps.logger.info('refresh retried after its answer was lost: successor replaced', { userId: row.user_id, familyId: row.family_id });
      return retried;
    }
    await repo.revokeFamily(deps.database.db, row.family_id, now);
    deps.sessions.ended([row.user_id]);
    deps.logger.warn('refresh token reused: family revoked', { userId: row.user_id, familyId: row.family_id });
    throw new AppError(401, 'unauthorized', INVALID_SESSION);
  }
  return deps.database.writeTransaction(async (trx) => {
    // Spent by a request running at this very moment: most often the same browser racing itself
    // (a page unloading while the next one loads), so this one is refused but the family is kept;
    // a use after the other has finished is reuse, and revokes it above.
    if (!(await repo.claimRefreshToken(trx, row.id, now, retryKeyHash))) throw new AppError(401, 'unauthorized', INVALID_SESSION);
    return rotateInto(deps, trx, row);
  });
}

function isRetryOfRotation(row: RefreshTokenRow, retryKeyHash: string | null, now: number): boolean {
  return retryKeyHash !== null && row.retry_key_hash === retryKeyHash && row.used_at !== null && now - row.used_at <= REFRESH_RETRY_WINDOW_MS;
}

/** The rotation once more: its successor, if still unused, is spent and gives way to a new one (null if it was used: that is reuse). */
async function rotateAgain(deps: AuthDeps, row: RefreshTokenRow, now: number): Promise<Session | null> {
  return deps.database.writeTransaction(async (trx) => {
    if (row.replaced_by === null || !(await repo.claimRefreshToken(trx, row.replaced_by, now, null))) return null;
    return rotateInto(deps, trx, row);
  });
}

/** Issues the next token of `row`'s family and links `row` to it. */
async function rotateInto(deps: AuthDeps, trx: Kysely<DB>, row: RefreshTokenRow): Promise<Session> {
  const user = await repo.findUserById(trx, row.user_id);
  if (!user) throw new AppError(401, 'unauthorized', INVALID_SESSION);
  const issued = await issueSessionToken(deps, trx, user, { id: row.family_id, expiresAt: row.expires_at });
  await repo.setReplacedBy(trx, row.id, issued.tokenId);
  return issued.session;
}

/** Ends the session the refresh token belongs to (its whole family). Unknown tokens are ignored. */
export async function logout(deps: AuthDeps, refreshToken: string): Promise<void> {
  const row = await repo.findRefreshToken(deps.database.db, hashToken(refreshToken));
  if (!row) return;
  await repo.revokeFamily(deps.database.db, row.family_id, deps.clock.now());
  deps.sessions.ended([row.user_id]);
}

/**
 * Queues a reset link when the account exists. The caller answers 202 before this runs, so the
 * answer is the same, in content and in time, for unknown emails.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const user = await repo.findUserByEmail(deps.database.db, email);
  if (!user) return;
  const now = deps.clock.now();
  const reset = newOpaqueToken();
  await deps.database.writeTransaction(async (trx) => {
    await repo.insertLink(trx, 'password_resets', { id: randomUUID(), userId: user.id, tokenHash: reset.hash, expiresAt: now + RESET_TTL_MS, now });
    await mailPasswordResetLink(deps, trx, { to: user.email, link: `${deps.publicUrl}/reset-password/${reset.token}` });
  });
}

/** Sets a new password with a reset token (single use, one hour) and ends every session. */
export async function resetPassword(deps: AuthDeps, input: { token: string; password: string }): Promise<void> {
  const now = deps.clock.now();
  const tokenHash = hashToken(input.token);
  const pending = await repo.findLinkUser(deps.database.db, 'password_resets', tokenHash);
  const problem = passwordProblem(input.password, { email: pending?.email });
  if (problem) throw weakPassword(problem);
  const passwordHash = await hashPassword(input.password, deps.passwordCost);
  const userId = await deps.database.writeTransaction(async (trx) => {
    const claimed = await repo.claimLink(trx, 'password_resets', tokenHash, now);
    if (!claimed) throw new AppError(400, 'invalid-token', INVALID_RESET, [{ path: 'token', message: INVALID_RESET }]);
    await repo.setPasswordHash(trx, claimed.userId, passwordHash, now);
    // The link reached the address: it is verified as well.
    await repo.markEmailVerified(trx, claimed.userId, now);
    await repo.closeOpenLinks(trx, 'password_resets', claimed.userId, now);
    await repo.revokeAllForUser(trx, claimed.userId, now);
    return claimed.userId;
  });
  deps.sessions.ended([userId]);
}
