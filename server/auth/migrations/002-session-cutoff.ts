import type { Kysely } from 'kysely';

/** Access tokens issued before `sessions_valid_after` (epoch ms) are refused: a password reset ends them at once. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('sessions_valid_after', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('sessions_valid_after').execute();
}
