import { randomUUID } from 'node:crypto';
import { ForbiddenError } from '@casl/ability';
import { ROLES } from '../auth/abilities';
import * as authRepo from '../auth/auth.repository';
import { issueSession, vendorRecordOf, type AuthDeps } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../auth/password';
import { passwordProblem } from '../auth/password-policy';
import { hashToken, newOpaqueToken } from '../auth/tokens';
import { AppError } from '../http/app-error';
import type { AuthContext } from '../http/require-auth';
import { escapeHtml } from '../mail/mailer';
import { notify } from '../mail/notify';
import { wrongPassword } from '../account/account.service';
import { findVendor } from '../vendor/vendor.repository';
import * as repo from './team.repository';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVALID_INVITATION = 'This invitation is invalid, was withdrawn or has expired. Ask the account owner for a new one.';

/** The business's members and open invitations (owners only). */
export async function listTeam(deps: AuthDeps, auth: AuthContext) {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Team');
  const now = deps.now();
  const [members, invitations] = await Promise.all([repo.listMembers(deps.database.db, auth.vendorId), repo.listPendingInvitations(deps.database.db, auth.vendorId, now)]);
  return { members, invitations };
}

/** Invites a team member by email: a link to /register-with-token/<token>, valid 7 days. */
export async function invite(deps: AuthDeps, auth: AuthContext, email: string) {
  ForbiddenError.from(auth.ability).throwUnlessCan('create', 'Invitation');
  if (await authRepo.findUserByEmail(deps.database.db, email)) {
    throw new AppError(409, 'email-taken', 'That person already has an account.', [{ path: 'email', message: 'This email already belongs to an account.' }]);
  }
  const vendor = await findVendor(deps.database.db, auth.vendorId);
  if (!vendor) throw new AppError(401, 'unauthorized', 'Sign in to continue.');
  const now = deps.now();
  const token = newOpaqueToken();
  const invitation = { id: randomUUID(), vendor_id: auth.vendorId, email, token_hash: token.hash, invited_by: auth.userId, expires_at: now + INVITATION_TTL_MS, created_at: now };
  await repo.insertInvitation(deps.database.db, invitation);
  const link = `${deps.publicUrl}/register-with-token/${token.token}`;
  await deps.mailer.send({
    to: email,
    subject: `${vendor.business_name} invited you to Vowly Pro`,
    text: `${vendor.business_name} invited you to manage quotes and customer leads with them on Vowly Pro.\n\nJoin the team: ${link}\n\nThe invitation is valid for 7 days.`,
    html: `<p>${escapeHtml(vendor.business_name)} invited you to manage quotes and customer leads with them on Vowly Pro.</p><p><a href="${escapeHtml(link)}">Join the team</a></p><p>The invitation is valid for 7 days.</p>`,
  });
  return { id: invitation.id, email, created_at: now, expires_at: invitation.expires_at };
}

/** Withdraws an open invitation of the caller's business. */
export async function revoke(deps: AuthDeps, auth: AuthContext, id: string): Promise<void> {
  ForbiddenError.from(auth.ability).throwUnlessCan('delete', 'Invitation');
  if (!(await repo.revokeInvitation(deps.database.db, auth.vendorId, id, deps.now()))) {
    throw new AppError(404, 'not-found', 'No open invitation with that id.');
  }
}

/** Ends a team member's access (owners only): their user and sessions are deleted, and they are told by mail. */
export async function removeMember(deps: AuthDeps, auth: AuthContext, userId: string): Promise<void> {
  ForbiddenError.from(auth.ability).throwUnlessCan('delete', 'TeamMember');
  if (userId === auth.userId) throw new AppError(409, 'conflict', 'You own this account and cannot remove yourself. To close it, delete the account.');
  const db = deps.database.db;
  const [member, vendor] = await Promise.all([authRepo.findUserById(db, userId), findVendor(db, auth.vendorId)]);
  if (!member || member.vendor_id !== auth.vendorId || !vendor) throw new AppError(404, 'not-found', 'No team member with that id.');
  if (member.role === ROLES.owner) throw new AppError(409, 'conflict', 'The account owner cannot be removed.');
  if (!(await deps.database.writeTransaction((trx) => repo.deleteMember(trx, auth.vendorId, userId)))) throw new AppError(404, 'not-found', 'No team member with that id.');
  deps.logger.info('team member removed', { vendorId: auth.vendorId, userId, by: auth.userId });
  await notify(deps, {
    to: member.email,
    subject: `You no longer have access to ${vendor.business_name} on Vowly Pro`,
    text: `${vendor.business_name} removed you from their team on Vowly Pro, and your login was closed. If you think this is a mistake, ask them to invite you again.`,
    html: `<p>${escapeHtml(vendor.business_name)} removed you from their team on Vowly Pro, and your login was closed. If you think this is a mistake, ask them to invite you again.</p>`,
  });
}

/**
 * A team member leaves the business: confirmed with their password, their user and sessions are
 * deleted and the owners are told. The owner cannot leave (the business is theirs to delete).
 */
export async function leaveTeam(deps: AuthDeps, auth: AuthContext, password: string): Promise<void> {
  ForbiddenError.from(auth.ability).throwUnlessCan('leave', 'Team');
  const db = deps.database.db;
  const [user, vendor] = await Promise.all([authRepo.findUserById(db, auth.userId), findVendor(db, auth.vendorId)]);
  if (!user || !vendor) throw new AppError(401, 'unauthorized', 'Sign in to continue.');
  if (user.role === ROLES.owner) throw new AppError(409, 'conflict', 'You own this account, so you cannot leave it. To close it, delete the account.');
  if (!(await verifyPassword(user.password_hash, password))) {
    throw new AppError(400, 'invalid-credentials', 'You are still on the team: the password is incorrect.', [wrongPassword(user, 'password')]);
  }
  await deps.database.writeTransaction((trx) => repo.deleteMember(trx, auth.vendorId, auth.userId));
  deps.logger.info('team member left', { vendorId: auth.vendorId, userId: auth.userId });
  const owners = (await repo.listMembers(db, auth.vendorId)).filter((member) => member.role === ROLES.owner);
  for (const owner of owners) {
    await notify(deps, {
      to: owner.email,
      subject: `${user.email} left your team on Vowly Pro`,
      text: `${user.email} left the team of ${vendor.business_name} on Vowly Pro. Their login was closed; you can invite someone else in Settings.`,
      html: `<p>${escapeHtml(user.email)} left the team of ${escapeHtml(vendor.business_name)} on Vowly Pro. Their login was closed; you can invite someone else in Settings.</p>`,
    });
  }
}

/** What the invitation page shows before the person sets a password. */
export async function describeInvitation(deps: AuthDeps, token: string) {
  const found = await repo.findOpenInvitation(deps.database.db, hashToken(token), deps.now());
  if (!found) throw new AppError(404, 'invalid-token', INVALID_INVITATION);
  return { email: found.email, businessName: found.business_name };
}

/** Creates the invited team member (role client) and signs them in. */
export async function acceptInvitation(deps: AuthDeps, input: { token: string; password: string }) {
  const now = deps.now();
  const found = await repo.findOpenInvitation(deps.database.db, hashToken(input.token), now);
  if (!found) throw new AppError(400, 'invalid-token', INVALID_INVITATION, [{ path: 'token', message: INVALID_INVITATION }]);
  const problem = passwordProblem(input.password, { email: found.email });
  if (problem) throw new AppError(400, 'validation-failed', 'Choose a stronger password.', [{ path: 'password', message: problem }]);
  const passwordHash = await hashPassword(input.password);
  const user = { id: randomUUID(), vendor_id: found.vendor_id, email: found.email, password_hash: passwordHash, role: ROLES.teamMember, google_sub: null, sessions_valid_after: 0, created_at: now, updated_at: now };
  await deps.database.writeTransaction(async (trx) => {
    if (!(await repo.markAccepted(trx, found.id, now))) throw new AppError(400, 'invalid-token', INVALID_INVITATION, [{ path: 'token', message: INVALID_INVITATION }]);
    if (await authRepo.findUserByEmail(trx, found.email)) throw new AppError(409, 'email-taken', 'This email already belongs to an account. Sign in instead.');
    await authRepo.insertUser(trx, user);
  });
  const session = await issueSession(deps, deps.database.db, user);
  return { ...session, vendor: await vendorRecordOf(deps, user) };
}
