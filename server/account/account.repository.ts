import type { Kysely } from 'kysely';
import type { NotificationPreferences } from '../../shared/contracts/account';
import type { DB, NotificationPreferencesRow } from '../db/schema';

export async function insertEmailChange(
  db: Kysely<DB>,
  row: { id: string; userId: string; newEmail: string; tokenHash: string; expiresAt: number; now: number },
): Promise<void> {
  await db
    .insertInto('email_changes')
    .values({ id: row.id, user_id: row.userId, new_email: row.newEmail, token_hash: row.tokenHash, expires_at: row.expiresAt, used_at: null, created_at: row.now })
    .execute();
}

/** Closes the user's open email changes: only the newest link works. */
export async function closeOpenEmailChanges(db: Kysely<DB>, userId: string, now: number): Promise<void> {
  await db.updateTable('email_changes').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/**
 * Uses an email-change token if it is unused and unexpired, in one conditional statement so two
 * racing uses cannot both win. Returns the user and the new address, or null.
 */
export async function claimEmailChange(db: Kysely<DB>, tokenHash: string, now: number): Promise<{ userId: string; newEmail: string } | null> {
  const row = await db
    .selectFrom('email_changes')
    .select(['id', 'user_id', 'new_email'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  const result = await db.updateTable('email_changes').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { userId: row.user_id, newEmail: row.new_email } : null;
}

export async function setEmail(db: Kysely<DB>, userId: string, email: string, now: number): Promise<void> {
  await db.updateTable('users').set({ email, updated_at: now }).where('id', '=', userId).execute();
}

function toPreferences(row: NotificationPreferencesRow): NotificationPreferences {
  return {
    newMatches: row.new_matches === 1,
    messages: row.messages === 1,
    reviews: row.reviews === 1,
    weeklySummary: row.weekly_summary === 1,
    channel: 'email',
  };
}

/** The user's stored preferences, or null when they never changed the defaults. */
export async function findNotificationPreferences(db: Kysely<DB>, userId: string): Promise<NotificationPreferences | null> {
  const row = await db.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row ? toPreferences(row) : null;
}

export async function saveNotificationPreferences(db: Kysely<DB>, userId: string, preferences: NotificationPreferences, now: number): Promise<void> {
  const values = {
    new_matches: preferences.newMatches ? 1 : 0,
    messages: preferences.messages ? 1 : 0,
    reviews: preferences.reviews ? 1 : 0,
    weekly_summary: preferences.weeklySummary ? 1 : 0,
    channel: preferences.channel,
    updated_at: now,
  };
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** Deletes the business; its users, sessions, invitations, form data and preferences go with it (FK cascades). */
export async function deleteVendor(db: Kysely<DB>, vendorId: string): Promise<boolean> {
  const result = await db.deleteFrom('vendors').where('id', '=', vendorId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
