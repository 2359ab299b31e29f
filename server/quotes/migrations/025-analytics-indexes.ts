import { sql, type Kysely } from 'kysely';

/**
 * Covering indexes for the business's analytics (docs/marketplace.md, Analytics), so a year of
 * 100,000 leads is summed from index pages alone: leads by creation time (with the first answer
 * and the category), leads by category, quotes by sending time (with status and price), the waits
 * for a first answer in order (the median's LIMIT/OFFSET walks it instead of sorting), acceptances
 * by time, and each quote's owner and category (the acceptances' join reads no table row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('quotes_leads_by_time').on('quotes').columns(['vendor_id', 'created_at', 'first_response_at', 'category_id']).execute();
  await db.schema.createIndex('quotes_leads_by_category').on('quotes').columns(['vendor_id', 'category_id', 'created_at']).execute();
  await db.schema.createIndex('quotes_owner').on('quotes').columns(['id', 'vendor_id', 'category_id']).execute();
  await db.schema.createIndex('quotes_sent_by_time').on('quotes').columns(['vendor_id', 'submitted_at', 'status', 'price_cents']).execute();
  await sql`create index quotes_response_waits on quotes (vendor_id, (first_response_at - created_at), created_at)`.execute(db);
  await db.schema.createIndex('quote_events_by_status').on('quote_events').columns(['status', 'created_at', 'quote_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'quotes_leads_by_time',
    'quotes_leads_by_category',
    'quotes_owner',
    'quotes_sent_by_time',
    'quotes_response_waits',
    'quote_events_by_status',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
