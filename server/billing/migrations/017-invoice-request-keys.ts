import type { Kysely } from 'kysely';

/**
 * The Idempotency-Key of the vendor's request that drafted a charge, so a request run again
 * after its process died finds its own invoice (and charges it with the same provider key)
 * instead of charging a second time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('request_key', 'text').execute();
  await db.schema.createIndex('invoices_request').on('invoices').columns(['vendor_id', 'request_key']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invoices_request').execute();
  await db.schema.alterTable('invoices').dropColumn('request_key').execute();
}
