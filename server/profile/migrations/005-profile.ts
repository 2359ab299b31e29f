import type { Kysely } from 'kysely';

/**
 * The business profile's images: one row per business (its logo, and the row every profile
 * write locks first, so concurrent uploads of one business queue), and its gallery photos.
 * The texts of the profile are form data (`edit-profile`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('profiles')
    .addColumn('vendor_id', 'text', (c) => c.primaryKey().references('vendors.id').onDelete('cascade'))
    .addColumn('logo_file', 'text')
    .addColumn('logo_width', 'integer')
    .addColumn('logo_height', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('profile_photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('vendor_id', 'text', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('thumb_file', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('profile_photos_vendor_position').on('profile_photos').columns(['vendor_id', 'position']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('profile_photos').ifExists().execute();
  await db.schema.dropTable('profiles').ifExists().execute();
}
