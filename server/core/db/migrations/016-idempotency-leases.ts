import { sql, type Kysely } from 'kysely';

/**
 * A running idempotency key is its process's only while its lease lasts (renewed while the
 * request runs); past it, the same key and body run again. Keys running when this migrates get a
 * lease from their start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('idempotency_keys')
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update idempotency_keys set lease_until = created_at + 60000 where state = 'running'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('lease_until').execute();
}
