import type { Kysely } from 'kysely';

/** Saved form data per business and form, with the schema version it was saved under. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_data')
    .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('form_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('form_data_pk', ['vendor_id', 'form_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_data').ifExists().execute();
}
