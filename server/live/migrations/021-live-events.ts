import { PostgresAdapter, type Kysely } from 'kysely';

/** The store of live events, read by a stream that reconnects with `Last-Event-ID`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('live_events')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('vendor_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('live_events_vendor').on('live_events').columns(['vendor_id', 'id']).execute();
  await db.schema.createIndex('live_events_created').on('live_events').column('created_at').execute();
  // Nothing to backfill: a stream replays only what happened while it was away.
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_events').execute();
}
