import { randomUUID } from 'node:crypto';
import { ForbiddenError } from '@casl/ability';
import { DEFAULT_NOTIFICATION_PREFERENCES, type ChangeEmailRequest, type ChangePasswordRequest, type DeleteAccountRequest, type NotificationPreferences } from '../../shared/contracts/account';
import type { FieldError } from '../../shared/contracts/problem';
import * as authRepo from '../auth/auth.repository';
import { issueSession, type AuthDeps, type Session } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../auth/password';
import { passwordProblem } from '../auth/password-policy';
import { hashToken, newOpaqueToken } from '../auth/tokens';
import type { UserRow } from '../db/schema';
import { AppError } from '../http/app-error';
import type { AuthContext } from '../http/require-auth';
import { escapeHtml } from '../mail/mailer';
import { notify } from '../mail/notify';
import type { MediaStore } from '../profile/media-store';
import { listFiles as listProfileFiles } from '../profile/profile.repository';
import { discard } from '../profile/profile.service';
import { findVendor } from '../vendor/vendor.repository';
import * as repo from './account.repository';

/** The account service needs the uploaded images too: deleting the account removes them. */
export interface AccountDeps extends AuthDeps {
  media: MediaStore;
}

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

const INVALID_SESSION = 'Your session has ended. Please sign in again.';
const INVALID_EMAIL_LINK = 'This confirmation link is invalid, was replaced by a newer one or has expired. Ask for a new one in Settings.';
const EMAIL_TAKEN = 'This email already belongs to another account.';

async function currentUser(deps: AuthDeps, auth: AuthContext): Promise<UserRow> {
  const user = await authRepo.findUserById(deps.database.db, auth.userId);
  if (!user) throw new AppError(401, 'unauthorized', INVALID_SESSION);
  return user;
}

/** The field error of a wrong password; a Google-only account is told how to get one. */
export function wrongPassword(user: UserRow, path: string): FieldError {
  return {
    path,
    message: user.password_hash
      ? 'The password is incorrect.'
      : 'Your account signs in with Google and has no password yet. Set one with "Forgot password?" on the sign-in screen.',
  };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e.message ?? '');
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
  const problem = input.newPassword === input.currentPassword ? 'Choose a password different from your current one.' : passwordProblem(input.newPassword, { email: user.email });
  if (problem) throw new AppError(400, 'validation-failed', 'Choose a stronger password.', [{ path: 'newPassword', message: problem }]);
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.now();
  const session = await deps.database.writeTransaction(async (trx) => {
    await authRepo.setPasswordHash(trx, user.id, passwordHash, now);
    await authRepo.expireOpenResets(trx, user.id, now);
    await authRepo.revokeAllForUser(trx, user.id, now);
    return issueSession(deps, trx, user);
  });
  deps.logger.info('password changed', { userId: user.id });
  await notify(deps, {
    to: user.email,
    subject: 'Your Vowly Pro password was changed',
    text: `The password of your Vowly Pro account was just changed, and every other device was signed out.\n\nIf it wasn't you, reset your password now: ${deps.publicUrl}/forgot-password`,
    html: `<p>The password of your Vowly Pro account was just changed, and every other device was signed out.</p><p>If it wasn't you, <a href="${escapeHtml(`${deps.publicUrl}/forgot-password`)}">reset your password now</a>.</p>`,
  });
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
  if (await authRepo.findUserByEmail(deps.database.db, input.newEmail)) {
    throw new AppError(409, 'email-taken', EMAIL_TAKEN, [{ path: 'newEmail', message: EMAIL_TAKEN }]);
  }
  const now = deps.now();
  const token = newOpaqueToken();
  const expiresAt = now + EMAIL_CHANGE_TTL_MS;
  await deps.database.writeTransaction(async (trx) => {
    await repo.closeOpenEmailChanges(trx, user.id, now);
    await repo.insertEmailChange(trx, { id: randomUUID(), userId: user.id, newEmail: input.newEmail, tokenHash: token.hash, expiresAt, now });
  });
  const link = `${deps.publicUrl}/confirm-email/${token.token}`;
  await deps.mailer.send({
    to: input.newEmail,
    subject: 'Confirm your new Vowly Pro email address',
    text: `You asked to use this address for your Vowly Pro account.\n\nConfirm it: ${link}\n\nThe link works once, for 24 hours. Until then you keep signing in with your current address.`,
    html: `<p>You asked to use this address for your Vowly Pro account.</p><p><a href="${escapeHtml(link)}">Confirm your new email address</a></p><p>The link works once, for 24 hours. Until then you keep signing in with your current address.</p>`,
  });
  await notify(deps, {
    to: user.email,
    subject: 'Your Vowly Pro email address is about to change',
    text: `Someone signed in to your Vowly Pro account asked to change its email address to ${input.newEmail}. It changes once the link we sent there is opened.\n\nIf it wasn't you, reset your password now: ${deps.publicUrl}/forgot-password`,
    html: `<p>Someone signed in to your Vowly Pro account asked to change its email address to ${escapeHtml(input.newEmail)}. It changes once the link we sent there is opened.</p><p>If it wasn't you, <a href="${escapeHtml(`${deps.publicUrl}/forgot-password`)}">reset your password now</a>.</p>`,
  });
  return { email: input.newEmail, expiresAt };
}

/** Uses an email-change link: the account's email becomes the new address (409 if someone took it meanwhile). */
export async function confirmEmailChange(deps: AuthDeps, token: string): Promise<{ email: string }> {
  const now = deps.now();
  const taken = () => new AppError(409, 'email-taken', EMAIL_TAKEN, [{ path: 'token', message: `${EMAIL_TAKEN} Choose another address in Settings.` }]);
  try {
    const changed = await deps.database.writeTransaction(async (trx) => {
      const claimed = await repo.claimEmailChange(trx, hashToken(token), now);
      if (!claimed) throw new AppError(400, 'invalid-token', INVALID_EMAIL_LINK, [{ path: 'token', message: INVALID_EMAIL_LINK }]);
      const owner = await authRepo.findUserByEmail(trx, claimed.newEmail);
      if (owner && owner.id !== claimed.userId) throw taken();
      await repo.setEmail(trx, claimed.userId, claimed.newEmail, now);
      // Reset links went to the old address; they stop working with it.
      await authRepo.expireOpenResets(trx, claimed.userId, now);
      return claimed;
    });
    deps.logger.info('email changed', { userId: changed.userId });
    return { email: changed.newEmail };
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** The signed-in user's notification preferences (the defaults until changed). */
export async function getNotificationPreferences(deps: AuthDeps, auth: AuthContext): Promise<NotificationPreferences> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Settings');
  return (await repo.findNotificationPreferences(deps.database.db, auth.userId)) ?? { ...DEFAULT_NOTIFICATION_PREFERENCES };
}

/** Replaces the signed-in user's notification preferences. */
export async function saveNotificationPreferences(deps: AuthDeps, auth: AuthContext, preferences: NotificationPreferences): Promise<NotificationPreferences> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Account', 'notifications');
  await repo.saveNotificationPreferences(deps.database.db, auth.userId, preferences, deps.now());
  return preferences;
}

/**
 * Deletes the business (owners only): its users, sessions, invitations, form data and
 * preferences go with it, and then its uploaded images. Needs the owner's password and the
 * business name typed exactly.
 */
export async function deleteAccount(deps: AccountDeps, auth: AuthContext, input: DeleteAccountRequest): Promise<void> {
  ForbiddenError.from(auth.ability).throwUnlessCan('delete', 'Account');
  const user = await currentUser(deps, auth);
  const vendor = await findVendor(deps.database.db, auth.vendorId);
  if (!vendor) throw new AppError(401, 'unauthorized', INVALID_SESSION);
  const passwordOk = await verifyPassword(user.password_hash, input.password);
  const errors: FieldError[] = [];
  if (!passwordOk) errors.push(wrongPassword(user, 'password'));
  if (input.confirmation.trim() !== vendor.business_name.trim()) {
    errors.push({ path: 'confirmation', message: `Type ${vendor.business_name} exactly as shown.` });
  }
  if (errors.length > 0) {
    throw new AppError(400, passwordOk ? 'validation-failed' : 'invalid-credentials', 'The account was not deleted: check the highlighted fields.', errors);
  }
  const files = await deps.database.writeTransaction(async (trx) => {
    const stored = await listProfileFiles(trx, vendor.id);
    await repo.deleteVendor(trx, vendor.id);
    return stored;
  });
  await discard(deps, files);
  deps.logger.info('account deleted', { userId: user.id, vendorId: vendor.id });
  await notify(deps, {
    to: user.email,
    subject: 'Your Vowly Pro account was deleted',
    text: `The Vowly Pro account of ${vendor.business_name} and everything in it was deleted, as you asked. Thank you for working with us.`,
    html: `<p>The Vowly Pro account of ${escapeHtml(vendor.business_name)} and everything in it was deleted, as you asked. Thank you for working with us.</p>`,
  });
}
