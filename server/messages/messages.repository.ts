import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { QuoteStatus } from '../../shared/contracts/marketplace';
import type { DB } from '../core/db/schema';
import type { MessageRow, MessagesTable, MessageThreadRow, MessageThreadsTable } from './messages.table';

type Sender = MessageRow['sender'];

/** How much of the last message the inbox keeps. */
const PREVIEW_LENGTH = 200;

export async function insertMessage(db: Kysely<DB>, row: MessagesTable): Promise<void> {
  await db.insertInto('messages').values(row).execute();
}

/** How many messages of each quote's thread `sender` wrote that the other side has not read yet. */
export async function unreadCounts(db: Kysely<DB>, quoteIds: readonly string[], sender: Sender): Promise<Map<string, number>> {
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

export async function openThread(db: Kysely<DB>, row: MessageThreadsTable): Promise<void> {
  await db
    .insertInto('message_threads')
    .values(row)
    .onConflict((oc) => oc.column('quote_id').doNothing())
    .execute();
}

export function findThread(db: Kysely<DB>, quoteId: string): Promise<MessageThreadRow | undefined> {
  return db.selectFrom('message_threads').selectAll().where('quote_id', '=', quoteId).executeTakeFirst();
}

export async function setThreadStatus(db: Kysely<DB>, quoteId: string, status: QuoteStatus): Promise<void> {
  await db.updateTable('message_threads').set({ quote_status: status }).where('quote_id', '=', quoteId).execute();
}

/** A message joined the thread: it is the last one, and one more the other side has not read. */
export async function noteMessage(
  db: Kysely<DB>,
  quoteId: string,
  message: { sender: Sender; body: string; at: number },
  mailedAt: number | null,
): Promise<void> {
  const unread = message.sender === 'customer' ? 'vendor_unread' : 'customer_unread';
  await db
    .updateTable('message_threads')
    .set((eb) => ({
      last_message_at: message.at,
      last_sender: message.sender,
      last_body: message.body.slice(0, PREVIEW_LENGTH),
      [unread]: eb(unread, '+', 1),
      ...(mailedAt === null ? {} : { last_mailed_at: mailedAt }),
    }))
    .where('quote_id', '=', quoteId)
    .execute();
}

/**
 * Reads the thread inside a write transaction, locking its row on PostgreSQL so two mails about
 * it cannot both go out (SQLite's write transactions are already exclusive).
 */
export function findThreadForUpdate(db: Kysely<DB>, quoteId: string, dialect: 'sqlite' | 'postgres'): Promise<MessageThreadRow | undefined> {
  const query = db.selectFrom('message_threads').selectAll().where('quote_id', '=', quoteId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** How many messages the business wrote in the thread since `since`, and when the oldest of them was written (automatic ones not counted). */
export async function vendorMessagesSince(db: Kysely<DB>, quoteId: string, since: number): Promise<{ count: number; oldest: number | null }> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('quote_id', '=', quoteId)
    .where('sender', '=', 'vendor')
    .where('automatic', '=', 0)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest) };
}

/** The business's messages in the thread that the couple has neither read nor been mailed, oldest first. */
export function unmailedToCouple(db: Kysely<DB>, quoteId: string): Promise<Pick<MessageRow, 'id' | 'body' | 'created_at'>[]> {
  return db
    .selectFrom('messages')
    .select(['id', 'body', 'created_at'])
    .where('quote_id', '=', quoteId)
    .where('sender', '=', 'vendor')
    .where('read_at', 'is', null)
    .where('mailed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** These messages went out in a mail to the couple now, and the thread notes when. */
export async function noteCoupleMailed(db: Kysely<DB>, quoteId: string, messageIds: readonly string[], now: number): Promise<void> {
  await db.updateTable('messages').set({ mailed_at: now }).where('id', 'in', messageIds).execute();
  await db.updateTable('message_threads').set({ couple_mailed_at: now }).where('quote_id', '=', quoteId).execute();
}

/** The thread's latest `limit` messages, oldest first. */
export async function threadMessages(db: Kysely<DB>, quoteId: string, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('quote_id', '=', quoteId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

/** `reader` read the thread: the other side's messages get their read time, and the reader's unread count is 0. */
export async function markRead(db: Kysely<DB>, quoteId: string, reader: Sender, now: number): Promise<boolean> {
  const writer: Sender = reader === 'vendor' ? 'customer' : 'vendor';
  const result = await db
    .updateTable('messages')
    .set({ read_at: now })
    .where('quote_id', '=', quoteId)
    .where('sender', '=', writer)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  await db
    .updateTable('message_threads')
    .set(reader === 'vendor' ? { vendor_unread: 0 } : { customer_unread: 0 })
    .where('quote_id', '=', quoteId)
    .execute();
  return Number(result.numUpdatedRows) > 0;
}

/** Where an inbox page starts after: the last row's unread flag, last message time and quote id. */
export interface InboxPosition {
  unread: 0 | 1;
  at: number;
  quoteId: string;
}

/**
 * One page of the business's threads that have a message: unread first, then by last message,
 * newest first; one row more than asked for. With `quoteIds`, only those threads (a search).
 */
export function inboxPage(db: Kysely<DB>, vendorId: string, page: { after: InboxPosition | null; limit: number; quoteIds?: readonly string[] }) {
  const unreadFlag = sql<number>`(case when ${sql.ref('vendor_unread')} > 0 then 1 else 0 end)`;
  let query = db
    .selectFrom('message_threads')
    .selectAll()
    .select(unreadFlag.as('has_unread'))
    .where('vendor_id', '=', vendorId)
    .where('last_message_at', 'is not', null);
  if (page.quoteIds) query = query.where('quote_id', 'in', page.quoteIds.length > 0 ? [...page.quoteIds] : ['']);
  const after = page.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb(unreadFlag, '<', after.unread),
        eb.and([
          eb(unreadFlag, '=', after.unread),
          eb.or([eb('last_message_at', '<', after.at), eb.and([eb('last_message_at', '=', after.at), eb('quote_id', '<', after.quoteId)])]),
        ]),
      ]),
    );
  }
  return query
    .orderBy(unreadFlag, 'desc')
    .orderBy('last_message_at', 'desc')
    .orderBy('quote_id', 'desc')
    .limit(page.limit + 1)
    .execute();
}

/**
 * The business's threads whose couple's name or any message matches every word (each a prefix):
 * FTS5 on SQLite, `tsvector` on PostgreSQL (migration 019). `words` are letters and digits only,
 * so no user text ever reaches the query syntax.
 */
export async function searchThreads(db: Kysely<DB>, vendorId: string, words: readonly string[], limit: number): Promise<string[]> {
  if (words.length === 0) return [];
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const rows = await db
      .selectFrom('message_threads as t')
      .select('t.quote_id')
      .where('t.vendor_id', '=', vendorId)
      .where((eb) =>
        eb.and(
          words.map((word) => {
            const query = sql`to_tsquery('simple', ${`${word}:*`})`;
            return eb.or([
              eb(sql`to_tsvector('simple', ${sql.ref('t.customer_name')})`, '@@', query),
              eb.exists(
                eb
                  .selectFrom('messages as m')
                  .select('m.id')
                  .whereRef('m.quote_id', '=', 't.quote_id')
                  .where(sql`to_tsvector('simple', ${sql.ref('m.body')})`, '@@', query),
              ),
            ]);
          }),
        ),
      )
      .limit(limit)
      .execute();
    return rows.map((row) => row.quote_id);
  }
  // Every word must appear in the thread, across its name and messages: one match per word.
  let ids: Set<string> | undefined;
  for (const word of words) {
    const rows = await sql<{ quote_id: string }>`
      select distinct s.quote_id from message_search s
      join message_threads t on t.quote_id = s.quote_id
      where message_search match ${`"${word}"*`} and t.vendor_id = ${vendorId}`.execute(db);
    const found = new Set(rows.rows.map((row) => row.quote_id));
    const before: Set<string> | undefined = ids;
    ids = before ? new Set([...before].filter((id) => found.has(id))) : found;
    if (ids.size === 0) break;
  }
  return [...(ids ?? new Set<string>())].slice(0, limit);
}

/** The couple's messages nobody in the business has read, across its threads (the menu's badge). */
export async function unreadTotal(db: Kysely<DB>, vendorId: string): Promise<number> {
  const row = await db
    .selectFrom('message_threads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('vendor_unread'), eb.val(0)).as('n'))
    .where('vendor_id', '=', vendorId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
