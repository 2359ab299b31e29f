import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { MessageSnippetRow, MessageSnippetsTable } from './messages.table';

/** The business's quick replies, in their order. */
export function listSnippets(db: Kysely<DB>, vendorId: string): Promise<MessageSnippetRow[]> {
  return db.selectFrom('message_snippets').selectAll().where('vendor_id', '=', vendorId).orderBy('position').orderBy('id').execute();
}

export async function countSnippets(db: Kysely<DB>, vendorId: string): Promise<number> {
  const row = await db
    .selectFrom('message_snippets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('vendor_id', '=', vendorId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The position after the business's last quick reply. */
export async function nextPosition(db: Kysely<DB>, vendorId: string): Promise<number> {
  const row = await db
    .selectFrom('message_snippets')
    .select((eb) => eb.fn.max<number | null>('position').as('last'))
    .where('vendor_id', '=', vendorId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export async function insertSnippet(db: Kysely<DB>, row: MessageSnippetsTable): Promise<void> {
  await db.insertInto('message_snippets').values(row).execute();
}

/** Changes one of the business's quick replies; false when it has none with that id. */
export async function updateSnippet(
  db: Kysely<DB>,
  vendorId: string,
  id: string,
  change: { title: string; body: string; updated_at: number },
): Promise<boolean> {
  const result = await db.updateTable('message_snippets').set(change).where('id', '=', id).where('vendor_id', '=', vendorId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes one of the business's quick replies; false when it has none with that id. */
export async function deleteSnippet(db: Kysely<DB>, vendorId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('message_snippets').where('id', '=', id).where('vendor_id', '=', vendorId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function wasSeeded(db: Kysely<DB>, vendorId: string): Promise<boolean> {
  return (await db.selectFrom('message_snippet_seeds').select('vendor_id').where('vendor_id', '=', vendorId).executeTakeFirst()) !== undefined;
}

/** Records that the business got the ready-made quick replies; false when it already had (nothing changes). */
export async function markSeeded(db: Kysely<DB>, vendorId: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('message_snippet_seeds')
    .values({ vendor_id: vendorId, created_at: now })
    .onConflict((oc) => oc.column('vendor_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Locks the business's quick replies for the rest of the write transaction on PostgreSQL (its seed
 * row), so two saves cannot both pass the limit; SQLite's write transactions are already exclusive.
 */
export async function lockSnippets(db: Kysely<DB>, vendorId: string, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect !== 'postgres') return;
  await db.selectFrom('message_snippet_seeds').select('vendor_id').where('vendor_id', '=', vendorId).forUpdate().execute();
}
