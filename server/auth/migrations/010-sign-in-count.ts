import { sql, type Kysely } from 'kysely';

/**
 * How many times each user has signed in (each new session: sign-up, sign-in, Google, joining a
 * team), so the dashboard greets a vendor on their first visit as new and afterwards as back.
 * Users from before signed in at least once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('sign_in_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update users set sign_in_count = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('sign_in_count').execute();
}
