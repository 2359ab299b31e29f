import type { Kysely } from 'kysely';

/** Pending email changes (confirmed by a mailed link) and notification preferences per user. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('new_matches', 'integer', (c) => c.notNull())
    .addColumn('messages', 'integer', (c) => c.notNull())
    .addColumn('reviews', 'integer', (c) => c.notNull())
    .addColumn('weekly_summary', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_preferences').ifExists().execute();
  await db.schema.dropTable('email_changes').ifExists().execute();
}
