import type { Kysely } from 'kysely';

/**
 * Quote templates (docs/marketplace.md, Quote templates): each business's quotes saved under a
 * name per category, at most 20 per category (counted under a lock by the service). The unique
 * index keeps one template of a name (in lower case) per business and category.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('quote_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer')
    .addColumn('message', 'text')
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quote_templates_by_name').on('quote_templates').columns(['vendor_id', 'category_id', 'name_key']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('quote_templates').execute();
}
