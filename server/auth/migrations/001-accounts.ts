import type { Kysely } from 'kysely';

/** Businesses, their users, sessions, password resets, invitations and the mail outbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vendors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_name', 'text', (c) => c.notNull())
    .addColumn('payment_status', 'text', (c) => c.notNull())
    .addColumn('last_completed_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('google_sub', 'text', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_vendor_id').on('users').column('vendor_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invitations_vendor').on('invitations').column('vendor_id').execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_created').on('outbox').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['outbox', 'invitations', 'password_resets', 'refresh_tokens', 'users', 'vendors']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
