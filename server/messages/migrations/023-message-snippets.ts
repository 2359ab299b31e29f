import type { Kysely } from 'kysely';

/**
 * Quick replies (docs/marketplace.md: Messages): each business's saved snippets, in the order it added them,
 * and the businesses that were given the two ready-made ones (once: a business that deletes them
 * does not get them back). The latter's row is also what a write locks on PostgreSQL, so the
 * limit of 50 holds under concurrent saves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message_snippets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_snippets_vendor').on('message_snippets').columns(['vendor_id', 'position']).execute();
  await db.schema
    .createTable('message_snippet_seeds')
    .addColumn('vendor_id', 'text', (c) => c.primaryKey().references('vendors.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_snippet_seeds').execute();
  await db.schema.dropTable('message_snippets').execute();
}
