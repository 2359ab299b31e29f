import { sql, type Kysely } from 'kysely';

/**
 * `quotes.accepted_at`: when the couple booked the quote (epoch ms, the time of its `accepted`
 * history row), null until then; set once, by `quoteChanged`. The analytics count bookings per
 * month (`quotes_booked_by_time`) and per category (`quotes_booked_by_category`) as index range
 * counts, instead of joining every acceptance of the period's history to its quote (docs/benchmarks.md, Analytics).
 *
 * Existing quotes are filled from their earliest `accepted` history row. The two indexes 025 made
 * for that join (`quote_events_by_status`, `quotes_owner`) serve nothing else and go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quotes').addColumn('accepted_at', 'bigint').execute();
  await sql`
    update quotes set accepted_at = (select min(e.created_at) from quote_events e where e.quote_id = quotes.id and e.status = 'accepted')
    where exists (select 1 from quote_events e where e.quote_id = quotes.id and e.status = 'accepted')
  `.execute(db);
  await db.schema.createIndex('quotes_booked_by_time').on('quotes').columns(['vendor_id', 'accepted_at']).execute();
  await db.schema.createIndex('quotes_booked_by_category').on('quotes').columns(['vendor_id', 'category_id', 'accepted_at']).execute();
  await db.schema.dropIndex('quote_events_by_status').execute();
  await db.schema.dropIndex('quotes_owner').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('quotes_owner').on('quotes').columns(['id', 'vendor_id', 'category_id']).execute();
  await db.schema.createIndex('quote_events_by_status').on('quote_events').columns(['status', 'created_at', 'quote_id']).execute();
  await db.schema.dropIndex('quotes_booked_by_category').execute();
  await db.schema.dropIndex('quotes_booked_by_time').execute();
  await db.schema.alterTable('quotes').dropColumn('accepted_at').execute();
}
