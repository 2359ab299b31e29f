import type { Kysely } from 'kysely';

/**
 * Vendors verify their email address through a link in the welcome mail. Accounts that signed
 * in with Google or joined through an invitation proved it already; older accounts have not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'bigint').execute();
  await db.schema
    .createTable('email_verifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_verifications_user').on('email_verifications').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_verifications').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
