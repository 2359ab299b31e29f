import { sql, type Kysely } from 'kysely';

/**
 * The marketplace (docs/marketplace.md): customers' requests and the quotes vendors answer them
 * with, their status history, each vendor's credits ledger, what matching knows of each vendor,
 * blackout dates, the messages of a quote, and the answers kept for idempotent requests. Dates
 * of events are `YYYY-MM-DD` text; times are epoch ms; money is integer cents; flags are 0/1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('quote_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('event_date', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('guests', 'integer', (c) => c.notNull())
    .addColumn('budget_cents', 'integer')
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('details_version', 'integer', (c) => c.notNull())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('customer_phone', 'text')
    .addColumn('direct_vendor_id', 'text', (c) => c.references('vendors.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quote_requests_status').on('quote_requests').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('quotes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull().references('quote_requests.id').onDelete('cascade'))
    .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('event_date', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer')
    .addColumn('message', 'text')
    .addColumn('details', 'text')
    .addColumn('lead_cost', 'integer', (c) => c.notNull())
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('closed_reason', 'text')
    .addColumn('decline_reason', 'text')
    .addColumn('vendor_viewed_at', 'bigint')
    .addColumn('customer_viewed_at', 'bigint')
    .addColumn('submitted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quotes_received').on('quotes').columns(['vendor_id', 'status', 'created_at', 'id']).execute();
  await db.schema.createIndex('quotes_by_event').on('quotes').columns(['vendor_id', 'status', 'event_date', 'id']).execute();
  await db.schema.createIndex('quotes_request').on('quotes').columns(['request_id']).execute();
  await db.schema.createIndex('quotes_vendor_request').on('quotes').columns(['vendor_id', 'request_id']).unique().execute();

  await db.schema
    .createTable('quote_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('quote_id', 'text', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quote_events_quote').on('quote_events').columns(['quote_id', 'created_at']).execute();

  await db.schema
    .createTable('credit_balances')
    .addColumn('vendor_id', 'text', (c) => c.primaryKey().references('vendors.id').onDelete('cascade'))
    .addColumn('balance', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`balance >= 0`),
    )
    .execute();
  await db.schema
    .createTable('credit_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('quote_id', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_entries_vendor').on('credit_entries').columns(['vendor_id', 'created_at']).execute();

  await db.schema
    .createTable('matching_profiles')
    .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('radius_miles', 'integer', (c) => c.notNull())
    .addColumn('notice_days', 'integer', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('last_matched_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('matching_profiles_pk', ['vendor_id', 'category_id'])
    .execute();
  await db.schema.createIndex('matching_profiles_area').on('matching_profiles').columns(['category_id', 'lat']).execute();

  await db.schema
    .createTable('blackout_dates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('from_date', 'text', (c) => c.notNull())
    .addColumn('to_date', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blackout_dates_vendor').on('blackout_dates').columns(['vendor_id', 'from_date']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('quote_id', 'text', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('automatic', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_quote').on('messages').columns(['quote_id', 'created_at']).execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('body', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expiry').on('idempotency_keys').columns(['expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'idempotency_keys',
    'messages',
    'blackout_dates',
    'matching_profiles',
    'credit_entries',
    'credit_balances',
    'quote_events',
    'quotes',
    'quote_requests',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
