import type { Kysely } from 'kysely';

/**
 * What a rotation needs to recognise its own retry: the token that replaced a used one, and a
 * hash of the retry key the browser sent with that use. A page that unloads while its refresh is
 * on the way never receives the new tokens; its next page sends the old one again with the same
 * key, and is given a new successor instead of having the session ended as a stolen token's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').addColumn('replaced_by', 'text').execute();
  await db.schema.alterTable('refresh_tokens').addColumn('retry_key_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').dropColumn('retry_key_hash').execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('replaced_by').execute();
}
