import type { Kysely } from 'kysely';
import type { NotificationPreferences } from '../../shared/contracts/account';
import type { DB } from '../core/db/schema';
import type { NotificationPreferencesRow } from './account.table';

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
