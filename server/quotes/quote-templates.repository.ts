import { sql, type Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { QuoteTemplateRow, QuoteTemplatesTable } from './quotes.table';

/** The business's templates of a category, by name. */
export function listTemplates(db: Kysely<DB>, vendorId: string, categoryId: string): Promise<QuoteTemplateRow[]> {
  return db
    .selectFrom('quote_templates')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('category_id', '=', categoryId)
    .orderBy('name_key')
    .orderBy('id')
    .execute();
}

/** One of the business's templates, or undefined (another business's is not found). */
export function findTemplateOf(db: Kysely<DB>, vendorId: string, id: string): Promise<QuoteTemplateRow | undefined> {
  return db.selectFrom('quote_templates').selectAll().where('id', '=', id).where('vendor_id', '=', vendorId).executeTakeFirst();
}

export async function countTemplates(db: Kysely<DB>, vendorId: string, categoryId: string): Promise<number> {
  const row = await db
    .selectFrom('quote_templates')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('vendor_id', '=', vendorId)
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The id of the business's template of this name (any case) in the category, if it has one. */
export async function templateNamed(db: Kysely<DB>, vendorId: string, categoryId: string, nameKey: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('quote_templates')
    .select('id')
    .where('vendor_id', '=', vendorId)
    .where('category_id', '=', categoryId)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
  return row?.id;
}

export async function insertTemplate(db: Kysely<DB>, row: QuoteTemplatesTable): Promise<void> {
  await db.insertInto('quote_templates').values(row).execute();
}

/** Changes one of the business's templates; false when it has none with that id. */
export async function updateTemplate(
  db: Kysely<DB>,
  vendorId: string,
  id: string,
  change: Partial<Pick<QuoteTemplatesTable, 'name' | 'name_key' | 'price_cents' | 'message' | 'details'>> & { updated_at: number },
): Promise<boolean> {
  const result = await db.updateTable('quote_templates').set(change).where('id', '=', id).where('vendor_id', '=', vendorId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes one of the business's templates; false when it has none with that id. */
export async function deleteTemplate(db: Kysely<DB>, vendorId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('quote_templates').where('id', '=', id).where('vendor_id', '=', vendorId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Serialises the writes of one business's templates of one category for the rest of the write
 * transaction on PostgreSQL (a transaction-scoped advisory lock: there is no row to lock before the
 * first template), so two saves cannot both pass the limit or take one name; SQLite's write
 * transactions are already exclusive.
 */
export async function lockTemplates(db: Kysely<DB>, vendorId: string, categoryId: string, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext(${`quote-templates:${vendorId}:${categoryId}`}))`.execute(db);
}
