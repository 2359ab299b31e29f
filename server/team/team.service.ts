import { randomUUID } from 'node:crypto';
import { ForbiddenError } from '@casl/ability';
import type { Kysely } from 'kysely';
import { ROLES } from '../../shared/ability/roles';
import { addTeamMember, confirmPassword, deleteUser, findUser, listUsers, type Logins } from '../auth';
import { findVendor, lockVendor } from '../business';
import type { CoreDeps } from '../core/deps';
import type { DB } from '../core/db/schema';
import { AppError } from '../core/http/app-error';
import type { AuthContext } from '../core/http/require-auth';
import { waitText } from '../core/http/wait-text';
import { mailInvitationLink } from '../notifications';
import { hashToken, newOpaqueToken } from '../core/opaque-tokens';
import * as repo from './team.repository';
import { DAY_MS, HOUR_MS } from '../../shared/time/durations';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVALID_INVITATION = 'This invitation is invalid, was withdrawn or has expired. Ask the account owner for a new one.';

/** Invitations a business may send, and one address may receive from all businesses: mail is not a free weapon. */
export const INVITATION_LIMITS = { perHour: 20, perDay: 50, perAddressPerDay: 5 } as const;

/** The core, and auth's logins to sign a new member in. */
export interface TeamDeps extends CoreDeps {
  logins: Pick<Logins, 'signIn' | 'preparePassword'>;
}

async function businessNameOf(deps: CoreDeps, vendorId: string): Promise<string> {
  const vendor = await findVendor(deps.database.db, vendorId);
  if (!vendor) throw new AppError(401, 'unauthorized', 'Sign in to continue.');
  return vendor.business_name;
}

/** The business's members and open invitations (owners only). */
export async function listTeam(deps: CoreDeps, auth: AuthContext) {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Team');
  const db = deps.database.db;
  const [members, invitations] = await Promise.all([listUsers(db, auth.vendorId), repo.listPendingInvitations(db, auth.vendorId, deps.clock.now())]);
  return { members, invitations };
}

/** Refuses (429, on the email field) an invitation over a limit, saying when the next one may go. */
async function assertUnderInvitationLimits(db: Kysely<DB>, vendorId: string, email: string, now: number): Promise<void> {
  const checks = [
    { by: { vendorId }, windowMs: HOUR_MS, limit: INVITATION_LIMITS.perHour, text: `You have sent ${INVITATION_LIMITS.perHour} invitations in the last hour.` },
    {
      by: { vendorId },
      windowMs: DAY_MS,
      limit: INVITATION_LIMITS.perDay,
      text: `You have sent ${INVITATION_LIMITS.perDay} invitations in the last 24 hours.`,
    },
    {
      by: { email },
      windowMs: DAY_MS,
      limit: INVITATION_LIMITS.perAddressPerDay,
      text: 'This address has received too many invitations in the last 24 hours.',
    },
  ];
  for (const check of checks) {
    const { count, oldest } = await repo.countInvitationsSince(db, check.by, now - check.windowMs);
    if (count < check.limit) continue;
    const wait = (oldest ?? now) + check.windowMs - now;
    const message = `${check.text} You can send the next one in ${waitText(wait)}.`;
    throw new AppError(429, 'rate-limited', message, [{ path: 'email', message }], wait / 1000);
  }
}

/**
 * Invites a team member by email: a link to /register-with-token/<token>, valid 7 days, mailed
 * with the invitation in one transaction. The answer is the same whether or not the address
 * already has an account (the invitee learns it when accepting), and a new invitation to an
 * address replaces the business's open one.
 */
export async function invite(deps: CoreDeps, auth: AuthContext, email: string) {
  ForbiddenError.from(auth.ability).throwUnlessCan('create', 'Invitation');
  const businessName = await businessNameOf(deps, auth.vendorId);
  const now = deps.clock.now();
  const token = newOpaqueToken();
  const invitation = {
    id: randomUUID(),
    vendor_id: auth.vendorId,
    email,
    token_hash: token.hash,
    invited_by: auth.userId,
    expires_at: now + INVITATION_TTL_MS,
    created_at: now,
  };
  await deps.database.writeTransaction(async (trx) => {
    await lockVendor(trx, auth.vendorId);
    await assertUnderInvitationLimits(trx, auth.vendorId, email, now);
    await repo.revokeOpenInvitationsTo(trx, auth.vendorId, email, now);
    await repo.insertInvitation(trx, invitation);
    await mailInvitationLink(deps, trx, { to: email, businessName, link: `${deps.publicUrl}/register-with-token/${token.token}` });
  });
  return { id: invitation.id, email, created_at: now, expires_at: invitation.expires_at };
}

/** Withdraws an open invitation of the caller's business. */
export async function revoke(deps: CoreDeps, auth: AuthContext, id: string): Promise<void> {
  ForbiddenError.from(auth.ability).throwUnlessCan('delete', 'Invitation');
  if (!(await repo.revokeInvitation(deps.database.db, auth.vendorId, id, deps.clock.now()))) {
    throw new AppError(404, 'not-found', 'No open invitation with that id.');
  }
}

/** Ends a team member's access (owners only): their user and sessions are deleted; `team.member-removed` tells the rest. */
export async function removeMember(deps: CoreDeps, auth: AuthContext, userId: string): Promise<void> {
  ForbiddenError.from(auth.ability).throwUnlessCan('delete', 'TeamMember');
  if (userId === auth.userId) throw new AppError(409, 'conflict', 'You own this account and cannot remove yourself. To close it, delete the account.');
  const [member, businessName] = await Promise.all([findUser(deps.database.db, userId), businessNameOf(deps, auth.vendorId)]);
  if (!member || member.vendorId !== auth.vendorId) throw new AppError(404, 'not-found', 'No team member with that id.');
  if (member.role === ROLES.owner) throw new AppError(409, 'conflict', 'The account owner cannot be removed.');
  await deps.database.writeTransaction(async (trx) => {
    if (!(await deleteUser(trx, auth.vendorId, userId))) throw new AppError(404, 'not-found', 'No team member with that id.');
    await deps.events.publish(trx, 'team.member-removed', { vendorId: auth.vendorId, businessName, userId, email: member.email, byUserId: auth.userId });
  });
  deps.logger.info('team member removed', { vendorId: auth.vendorId, userId, by: auth.userId });
}

/**
 * A team member leaves the business: confirmed with their password, their user and sessions are
 * deleted and `team.member-left` tells the owners. The owner cannot leave (the business is theirs to delete).
 */
export async function leaveTeam(deps: CoreDeps, auth: AuthContext, password: string): Promise<void> {
  ForbiddenError.from(auth.ability).throwUnlessCan('leave', 'Team');
  const user = await findUser(deps.database.db, auth.userId);
  if (!user) throw new AppError(401, 'unauthorized', 'Sign in to continue.');
  if (user.role === ROLES.owner) throw new AppError(409, 'conflict', 'You own this account, so you cannot leave it. To close it, delete the account.');
  await confirmPassword(deps, auth.userId, password, { detail: 'You are still on the team: the password is incorrect.', path: 'password' });
  const businessName = await businessNameOf(deps, auth.vendorId);
  await deps.database.writeTransaction(async (trx) => {
    const ownerEmails = (await listUsers(trx, auth.vendorId)).filter((member) => member.role === ROLES.owner).map((owner) => owner.email);
    await deleteUser(trx, auth.vendorId, auth.userId);
    await deps.events.publish(trx, 'team.member-left', { vendorId: auth.vendorId, businessName, userId: auth.userId, email: user.email, ownerEmails });
  });
  deps.logger.info('team member left', { vendorId: auth.vendorId, userId: auth.userId });
}

/** What the invitation page shows before the person sets a password. */
export async function describeInvitation(deps: CoreDeps, token: string) {
  const found = await repo.findOpenInvitation(deps.database.db, hashToken(token), deps.clock.now());
  if (!found) throw new AppError(404, 'invalid-token', INVALID_INVITATION);
  return { email: found.email, businessName: await businessNameOf(deps, found.vendor_id) };
}

/** Creates the invited team member (role client) and signs them in. */
export async function acceptInvitation(deps: TeamDeps, input: { token: string; password: string }) {
  const now = deps.clock.now();
  const invalid = () => new AppError(400, 'invalid-token', INVALID_INVITATION, [{ path: 'token', message: INVALID_INVITATION }]);
  const found = await repo.findOpenInvitation(deps.database.db, hashToken(input.token), now);
  if (!found) throw invalid();
  const passwordHash = await deps.logins.preparePassword(input.password, found.email);
  const userId = await deps.database.writeTransaction(async (trx) => {
    if (!(await repo.markAccepted(trx, found.id, now))) throw invalid();
    return addTeamMember(deps, trx, { vendorId: found.vendor_id, email: found.email, passwordHash });
  });
  return deps.logins.signIn(userId);
}
