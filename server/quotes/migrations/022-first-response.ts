import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * `quotes.first_response_at`: when the business first answered the lead (quoted, declined, or
 * wrote to the couple; an auto-response is not an answer), epoch ms, null while it has not. The
 * dashboard's response time and rate read it (server/quotes/response-time.ts); it is set once,
 * by the quotes module's subscriptions, never moved by a later answer.
 *
 * Existing quotes are filled from what is known, earliest first: the business's own history rows
 * (its quote or decline), the quote's sending time (history imported without rows), and the
 * business's written messages. A decline imported without a history row stays null: its time
 * was never kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quotes').addColumn('first_response_at', 'bigint').execute();
  await fillEarlier(db, sql`(select min(e.created_at) from quote_events e where e.quote_id = quotes.id and e.actor = 'vendor')`);
  await fillEarlier(db, sql`quotes.submitted_at`);
  await fillEarlier(db, sql`(select min(m.created_at) from messages m where m.quote_id = quotes.id and m.sender = 'vendor' and m.automatic = 0)`);
}

/** Sets `first_response_at` to `candidate` where that is known and earlier than what is set (or nothing is). */
async function fillEarlier(db: Kysely<unknown>, candidate: RawBuilder<unknown>): Promise<void> {
  await sql`
    update quotes set first_response_at = ${candidate}
    where ${candidate} is not null and (first_response_at is null or first_response_at > ${candidate})
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quotes').dropColumn('first_response_at').execute();
}
