import { sql, type Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { LiveEventRow } from './live.table';

/**
 * Stores one live event in the transaction that makes the change. On PostgreSQL, ids come from a
 * sequence in the order transactions ask, not the order they commit: a stream that has delivered
 * id 11 would never see an id 10 committed after it. A transaction-scoped advisory lock per
 * business makes the business's events take their ids in commit order (on SQLite writers queue
 * anyway). The lock and the insert are one statement (one round trip): the insert's row is read
 * from the materialized lock, so its id is drawn only once the lock is held.
 */
export async function storeLiveEvent(trx: Kysely<DB>, dialect: 'sqlite' | 'postgres', event: Omit<LiveEventRow, 'id'>): Promise<number> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ id: number | string }>`
      with locked as materialized (select pg_advisory_xact_lock(hashtext(${`live:${event.vendor_id}`})))
      insert into live_events (vendor_id, name, data, created_at)
      select ${event.vendor_id}::text, ${event.name}::text, ${event.data}::text, ${event.created_at}::bigint from locked
      returning id`.execute(trx);
    const [row] = rows;
    if (!row) throw new Error('The live event was not stored');
    return Number(row.id);
  }
  const { id } = await trx.insertInto('live_events').values(event).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/** The business's events after `afterId`, oldest first, at most `limit`. */
export async function eventsAfter(db: Kysely<DB>, vendorId: string, afterId: number, limit: number): Promise<LiveEventRow[]> {
  const rows = await db.selectFrom('live_events').selectAll().where('vendor_id', '=', vendorId).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), created_at: Number(row.created_at) }));
}

/** The business's newest event id (0 when it has none): where a stream without `Last-Event-ID` starts. */
export async function latestEventId(db: Kysely<DB>, vendorId: string): Promise<number> {
  const row = await db
    .selectFrom('live_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('vendor_id', '=', vendorId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Whether `id` is a stored event of this business (a `Last-Event-ID` that can be replayed from). */
export async function isStoredEvent(db: Kysely<DB>, vendorId: string, id: number): Promise<boolean> {
  const row = await db.selectFrom('live_events').select('id').where('id', '=', id).where('vendor_id', '=', vendorId).executeTakeFirst();
  return row !== undefined;
}

/** The businesses with events stored since `since` (a catch-up after pub/sub may have dropped a nudge). */
export async function vendorsWithEventsSince(db: Kysely<DB>, since: number): Promise<string[]> {
  const rows = await db.selectFrom('live_events').select('vendor_id').distinct().where('created_at', '>=', since).execute();
  return rows.map((row) => row.vendor_id);
}

/** Drops events older than `before` (a stream away longer than the retention starts afresh). */
export async function pruneLiveEvents(db: Kysely<DB>, before: number): Promise<void> {
  await db.deleteFrom('live_events').where('created_at', '<', before).execute();
}
