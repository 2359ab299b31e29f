import { sql, type Kysely } from 'kysely';

/**
 * What a retry needs after the process that ran the first request died:
 * - `idempotency_keys.lease_until`: a running key is its process's only while the lease lasts
 *   (renewed while the request runs); past it, the same key and body run again. Keys running
 *   when this migrates get a lease from their start.
 * - `invoices.request_key`: the Idempotency-Key of the vendor's request that drafted a charge, so
 *   a request run again finds its own invoice (and charges it with the same provider key) instead
 *   of charging a second time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update idempotency_keys set lease_until = created_at + 60000 where state = 'running'`.execute(db);
  await db.schema.alterTable('invoices').addColumn('request_key', 'text').execute();
  await db.schema.createIndex('invoices_request').on('invoices').columns(['vendor_id', 'request_key']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invoices_request').execute();
  await db.schema.alterTable('invoices').dropColumn('request_key').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('lease_until').execute();
}
