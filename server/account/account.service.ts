import { ForbiddenError } from '@casl/ability';
import type { Kysely } from 'kysely';
import { ROLES } from '../../shared/ability/roles';
import { DEFAULT_NOTIFICATION_PREFERENCES, type DeleteAccountRequest, type NotificationPreferences } from '../../shared/contracts/account';
import type { FieldError } from '../../shared/contracts/problem';
import { confirmPassword, listUsers } from '../auth';
import { deleteVendor, findVendor } from '../business';
import type { CoreDeps } from '../core/deps';
import type { DB } from '../core/db/schema';
import { AppError } from '../core/http/app-error';
import type { AuthContext } from '../core/http/require-auth';
import * as repo from './account.repository';

const INVALID_SESSION = 'Your session has ended. Please sign in again.';

/** The signed-in user's notification preferences (the defaults until changed). */
export async function getNotificationPreferences(deps: CoreDeps, auth: AuthContext): Promise<NotificationPreferences> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Settings');
  return (await repo.findNotificationPreferences(deps.database.db, auth.userId)) ?? { ...DEFAULT_NOTIFICATION_PREFERENCES };
}

/** Replaces the signed-in user's notification preferences. */
export async function saveNotificationPreferences(deps: CoreDeps, auth: AuthContext, preferences: NotificationPreferences): Promise<NotificationPreferences> {
  ForbiddenError.from(auth.ability).throwUnlessCan('update', 'Account', 'notifications');
  await repo.saveNotificationPreferences(deps.database.db, auth.userId, preferences, deps.clock.now());
  return preferences;
}

/**
 * Deletes a business and everything of it. `business.deleted` is published first, in the same
 * transaction, so every module can still read (and queue the clean-up of) what it held: the
 * profile its images, notifications the goodbye mail, auth the sessions. Then the rows go
 * (foreign-key cascades).
 */
export async function deleteBusiness(deps: CoreDeps, vendorId: string): Promise<void> {
  await deps.database.writeTransaction(async (trx) => {
    const vendor = await findVendor(trx, vendorId);
    if (!vendor) return;
    const users = await listUsers(trx, vendorId);
    const owner = users.find((user) => user.role === ROLES.owner) ?? users[0];
    await deps.events.publish(trx, 'business.deleted', {
      vendorId,
      businessName: vendor.business_name,
      ownerEmail: owner?.email ?? '',
      userIds: users.map((user) => user.id),
    });
    await deleteVendor(trx, vendorId);
  });
}

/**
 * Deletes the business (owners only): needs the owner's password and the business name typed
 * exactly. Its users, sessions, invitations, form data, preferences and images go with it.
 */
export async function deleteAccount(deps: CoreDeps, auth: AuthContext, input: DeleteAccountRequest): Promise<void> {
  ForbiddenError.from(auth.ability).throwUnlessCan('delete', 'Account');
  const vendor = await findVendor(deps.database.db, auth.vendorId);
  if (!vendor) throw new AppError(401, 'unauthorized', INVALID_SESSION);
  const errors: FieldError[] = [];
  let passwordOk = true;
  try {
    await confirmPassword(deps, auth.userId, input.password, { detail: 'The account was not deleted: check the highlighted fields.', path: 'password' });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'invalid-credentials') throw error;
    passwordOk = false;
    errors.push(...(error.errors ?? []));
  }
  if (input.confirmation.trim() !== vendor.business_name.trim()) {
    errors.push({ path: 'confirmation', message: `Type ${vendor.business_name} exactly as shown.` });
  }
  if (errors.length > 0) {
    throw new AppError(400, passwordOk ? 'validation-failed' : 'invalid-credentials', 'The account was not deleted: check the highlighted fields.', errors);
  }
  await deleteBusiness(deps, vendor.id);
  deps.logger.info('account deleted', { userId: auth.userId, vendorId: vendor.id });
}

/**
 * The addresses of the business's people who want mail of this kind (their preferences, or the
 * defaults: everything on): who hears of a new match, a message, a review.
 */
export async function recipientsFor(db: Kysely<DB>, vendorId: string, kind: 'newMatches' | 'messages' | 'reviews'): Promise<string[]> {
  const users = await listUsers(db, vendorId);
  const wanted: string[] = [];
  for (const user of users) {
    const preferences = (await repo.findNotificationPreferences(db, user.id)) ?? DEFAULT_NOTIFICATION_PREFERENCES;
    if (preferences[kind]) wanted.push(user.email);
  }
  return wanted;
}
