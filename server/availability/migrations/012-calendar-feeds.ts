import type { Kysely } from 'kysely';

/**
 * Each business's calendar feed (docs/marketplace.md, blackout dates): the secret its feed link
 * is signed with. Resetting the link replaces the secret, so links made with the old one stop
 * working. A business without a row has not asked for its link yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('vendor_id', 'text', (c) => c.primaryKey().references('vendors.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').ifExists().execute();
}
