import type { Kysely, Updateable } from 'kysely';
import type { RequestStatus } from '../../shared/contracts/marketplace';
import type { DB } from '../core/db/schema';
import type { QuoteRequestRow, QuoteRequestsTable, RequestsTables } from './requests.table';

export async function insertRequest(db: Kysely<DB>, row: QuoteRequestsTable): Promise<void> {
  await db.insertInto('quote_requests').values(row).execute();
}

export function findRequest(db: Kysely<DB>, id: string): Promise<QuoteRequestRow | undefined> {
  return db.selectFrom('quote_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRequests(db: Kysely<DB>, ids: readonly string[]): Promise<QuoteRequestRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('quote_requests')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Moves a request from one status to another; false when it was not in `from` (someone else moved it first). */
export async function moveRequest(
  db: Kysely<DB>,
  id: string,
  from: readonly RequestStatus[],
  to: RequestStatus,
  now: number,
  extra: Updateable<RequestsTables['quote_requests']> = {},
): Promise<boolean> {
  const result = await db
    .updateTable('quote_requests')
    .set({ status: to, updated_at: now, ...extra })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Clears the request's `awaiting_match`; false when it was not set (its matching has started already, or it never awaited one). */
export async function takeAwaitedMatch(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db.updateTable('quote_requests').set({ awaiting_match: 0 }).where('id', '=', id).where('awaiting_match', '=', 1).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
