import type { Kysely } from 'kysely';

/**
 * Visits of public profiles (docs/marketplace.md: Public profile and directory): per business and UTC day, how
 * many times its profile was viewed and its "Request a quote" clicked. Counts only: no address,
 * no visitor, nothing that names a person is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('profile_visits')
    .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quote_clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('profile_visits_pk', ['vendor_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('profile_visits').execute();
}
