import { randomUUID } from 'node:crypto';
import { ForbiddenError } from '@casl/ability';
import type { ChangeEmailRequest, ChangePasswordRequest } from '../../shared/contracts/account';
import type { FieldError } from '../../shared/contracts/problem';
import { findVendor } from '../business';
import { AppError } from '../core/http/app-error';
import type { AuthContext } from '../core/http/require-auth';
import { mailEmailChangeLink } from '../notifications';
import { EMAIL_CHANGE_TTL_MS, type AuthDeps } from './auth-deps';
import * as repo from './auth.repository';
import type { UserRow } from './auth.table';
import { isUniqueViolation } from '../core/db/unique-violation';
import { weakPassword } from './password-policy';
import { sendVerificationLink } from './sign-up';
import { hashPassword, verifyPassword } from './password';
import { passwordProblem } from './password-policy';
import { INVALID_SESSION, issueSession, type Session } from './sessions';
import { hashToken, newOpaqueToken } from '../core/opaque-tokens';

const INVALID_EMAIL_LINK = 'This confirmation link is invalid, was replaced by a newer one or has expired. Ask for a new one in Settings.';
const INVALID_VERIFY_LINK = 'This verification link is invalid, was replaced by a newer one or has expired. Sign in and ask for a new one.';
const EMAIL_TAKEN = 'This email already belongs to another account.';

async function currentUser(deps: AuthDeps, auth: AuthContext): Promise<UserRow> {
  const user = await repo.findUserById(deps.database.db, auth.userId);
  if (!user) throw new AppError(401, 'unauthorized', INVALID_SESSION);
  return user;
}

/** The field error of a wrong password; a Google-only account is told how to get one. */
export function wrongPassword(user: Pick<UserRow, 'password_hash'>, path: string): FieldError {
  return {
    path,
    message: user.password_hash
      ? 'The password is incorrect.'
      : 'Your account signs in with Google and has no password yet. Set one with "Forgot password?" on the sign-in screen.',
  };
}

/**
 * Changes the password after checking the current one. Every session of the user ends (other
 * devices are signed out at once); the caller continues with the fresh session returned.
 */
export async function changePassword(deps: AuthDeps, auth: AuthContext, input: ChangePasswordRequest): Promise<Session> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Account', 'password');
  const user = await currentUser(deps, auth);
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    throw new AppError(400, 'invalid-credentials', 'Your current password is not correct.', [wrongPassword(user, 'currentPassword')]);
  }
  const problem =
    input.newPassword === input.currentPassword
      ? 'Choose a password different from your current one.'
      : passwordProblem(input.newPassword, { email: user.email });
  if (problem) throw weakPassword(problem, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword, deps.passwordCost);
  const now = deps.clock.now();
  const session = await deps.database.writeTransaction(async (trx) => {
    await repo.setPasswordHash(trx, user.id, passwordHash, now);
    await repo.closeOpenLinks(trx, 'password_resets', user.id, now);
    await repo.revokeAllForUser(trx, user.id, now);
    await deps.events.publish(trx, 'user.password-changed', { userId: user.id, email: user.email });
    return issueSession(deps, trx, user);
  });
  deps.sessions.ended([user.id]);
  deps.logger.info('password changed', { userId: user.id });
  return session;
}

/**
 * Starts an email change: a link to `/confirm-email/<token>` (single use, 24 hours) goes to the
 * new address, a notice to the current one. The email changes only when the link is used.
 */
export async function requestEmailChange(deps: AuthDeps, auth: AuthContext, input: ChangeEmailRequest) {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Account', 'email');
  const user = await currentUser(deps, auth);
  if (!(await verifyPassword(user.password_hash, input.password))) {
    throw new AppError(400, 'invalid-credentials', 'Your password is not correct.', [wrongPassword(user, 'password')]);
  }
  if (input.newEmail === user.email) {
    throw new AppError(400, 'validation-failed', 'That is already your email address.', [{ path: 'newEmail', message: 'This is already your email address.' }]);
  }
  if (await repo.findUserByEmail(deps.database.db, input.newEmail)) {
    throw new AppError(409, 'email-taken', EMAIL_TAKEN, [{ path: 'newEmail', message: EMAIL_TAKEN }]);
  }
  const now = deps.clock.now();
  const token = newOpaqueToken();
  const expiresAt = now + EMAIL_CHANGE_TTL_MS;
  await deps.database.writeTransaction(async (trx) => {
    await repo.closeOpenLinks(trx, 'email_changes', user.id, now);
    await repo.insertLink(trx, 'email_changes', { id: randomUUID(), userId: user.id, newEmail: input.newEmail, tokenHash: token.hash, expiresAt, now });
    await mailEmailChangeLink(deps, trx, { to: input.newEmail, link: `${deps.publicUrl}/confirm-email/${token.token}` });
    await deps.events.publish(trx, 'user.email-change-requested', { userId: user.id, email: user.email, newEmail: input.newEmail });
  });
  return { email: input.newEmail, expiresAt };
}

/** Uses an email-change link: the account's email becomes the new address, verified by the link (409 if someone took it meanwhile). */
export async function confirmEmailChange(deps: AuthDeps, token: string): Promise<{ email: string }> {
  const now = deps.clock.now();
  const taken = () => new AppError(409, 'email-taken', EMAIL_TAKEN, [{ path: 'token', message: `${EMAIL_TAKEN} Choose another address in Settings.` }]);
  try {
    const changed = await deps.database.writeTransaction(async (trx) => {
      const claimed = await repo.claimLink(trx, 'email_changes', hashToken(token), now);
      if (!claimed?.newEmail) throw new AppError(400, 'invalid-token', INVALID_EMAIL_LINK, [{ path: 'token', message: INVALID_EMAIL_LINK }]);
      const owner = await repo.findUserByEmail(trx, claimed.newEmail);
      if (owner && owner.id !== claimed.userId) throw taken();
      await repo.setEmail(trx, claimed.userId, claimed.newEmail, now);
      // Reset and verification links went to the old address; they stop working with it.
      await repo.closeOpenLinks(trx, 'password_resets', claimed.userId, now);
      await repo.closeOpenLinks(trx, 'email_verifications', claimed.userId, now);
      return { userId: claimed.userId, email: claimed.newEmail };
    });
    deps.logger.info('email changed', { userId: changed.userId });
    return { email: changed.email };
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** Uses a verification link: the user's current address is verified. */
export async function verifyEmail(deps: AuthDeps, token: string): Promise<{ email: string }> {
  const now = deps.clock.now();
  return deps.database.writeTransaction(async (trx) => {
    const claimed = await repo.claimLink(trx, 'email_verifications', hashToken(token), now);
    const user = claimed ? await repo.findUserById(trx, claimed.userId) : undefined;
    if (!user) throw new AppError(400, 'invalid-token', INVALID_VERIFY_LINK, [{ path: 'token', message: INVALID_VERIFY_LINK }]);
    await repo.markEmailVerified(trx, user.id, now);
    return { email: user.email };
  });
}

/** Mails the signed-in user a new verification link (the older ones stop working). 409 when already verified. */
export async function resendVerification(deps: AuthDeps, auth: AuthContext): Promise<{ email: string }> {
  const user = await currentUser(deps, auth);
  if (user.email_verified_at !== null) throw new AppError(409, 'conflict', 'Your email address is already verified.');
  const vendor = await findVendor(deps.database.db, user.vendor_id);
  await deps.database.writeTransaction((trx) => sendVerificationLink(deps, trx, user, vendor?.business_name ?? 'your business', false));
  return { email: user.email };
}
