import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { MessageRow, MessagesTable } from './messages.table';

export async function insertMessage(db: Kysely<DB>, row: MessagesTable): Promise<void> {
  await db.insertInto('messages').values(row).execute();
}

/** How many messages of each quote's thread `sender` wrote that the other side has not read yet. */
export async function unreadCounts(db: Kysely<DB>, quoteIds: readonly string[], sender: MessageRow['sender']): Promise<Map<string, number>> {
  if (quoteIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('messages')
    .select(['quote_id', (eb) => eb.fn.countAll<number>().as('unread')])
    .where('quote_id', 'in', quoteIds)
    .where('sender', '=', sender)
    .where('read_at', 'is', null)
    .groupBy('quote_id')
    .execute();
  return new Map(rows.map((row) => [row.quote_id, Number(row.unread)]));
}

/** The quotes among these whose business has written to the customer. */
export async function quotesWithVendorMessages(db: Kysely<DB>, quoteIds: readonly string[]): Promise<Set<string>> {
  if (quoteIds.length === 0) return new Set();
  const rows = await db.selectFrom('messages').select('quote_id').distinct().where('quote_id', 'in', quoteIds).where('sender', '=', 'vendor').execute();
  return new Set(rows.map((row) => row.quote_id));
}
