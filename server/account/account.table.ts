import type { Selectable } from 'kysely';

/** One row per user who changed the defaults (all on, by email); flags are 0/1. */
export interface NotificationPreferencesTable {
  user_id: string;
  new_matches: number;
  messages: number;
  reviews: number;
  weekly_summary: number;
  channel: string;
  updated_at: number;
}

/** The account module's table. */
export interface AccountTables {
  notification_preferences: NotificationPreferencesTable;
}

export type NotificationPreferencesRow = Selectable<NotificationPreferencesTable>;

// The module's tables join the database's type (core/db/schema.ts) from here: core names no module.
declare module '../core/db/schema' {
  interface DB extends AccountTables {}
}
