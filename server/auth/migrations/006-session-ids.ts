import type { Kysely } from 'kysely';

/**
 * Access tokens now name their session (refresh-token family), which is checked on every
 * request, so the per-user cutoff time is gone. Addresses a user signed in from are kept (as
 * keyed hashes): when an account is under attack, sign-ins from them are not slowed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('sessions_valid_after').execute();
  await db.schema
    .createTable('sign_in_addresses')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address_hash', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_addresses_pk', ['user_id', 'address_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_addresses').ifExists().execute();
  await db.schema
    .alterTable('users')
    .addColumn('sessions_valid_after', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}
