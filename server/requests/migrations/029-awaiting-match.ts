import type { Kysely } from 'kysely';

/**
 * `quote_requests.awaiting_match`: 1 from the couple's confirmation until its matching has started.
 * Matching moved out of the confirming request into a job (issue 24: the couple's first open of
 * the link waited for it); the couple's page reads this to say vendors are being found. Every
 * request stored before was matched as it was confirmed: 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('quote_requests')
    .addColumn('awaiting_match', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quote_requests').dropColumn('awaiting_match').execute();
}
