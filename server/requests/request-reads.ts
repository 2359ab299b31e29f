import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import { toCoupleRequest, type CoupleRequest } from './couple-request';
import * as repo from './requests.repository';

/* What other modules read of the requests, and the moves they make on one (through index.ts). */

/** A request by id (for a subscriber or job that holds one). */
export async function findCoupleRequest(db: Kysely<DB>, id: string): Promise<CoupleRequest | undefined> {
  const row = await repo.findRequest(db, id);
  return row && toCoupleRequest(row);
}

/** These requests, by id (the vendor's lists show each quote with its request). */
export async function coupleRequests(db: Kysely<DB>, ids: readonly string[]): Promise<Map<string, CoupleRequest>> {
  const rows = await repo.findRequests(db, ids);
  return new Map(rows.map((row) => [row.id, toCoupleRequest(row)]));
}

/**
 * The request's matching starts (the quotes module's job, in its transaction): it no longer
 * awaits it. True once per confirmation: false when another run took it first (a second
 * instance, a retry after the first committed) or it awaits none.
 */
export function startMatching(trx: Kysely<DB>, id: string): Promise<boolean> {
  return repo.takeAwaitedMatch(trx, id);
}

/** The couple booked a vendor: an open request becomes booked; false when it was not open. */
export function bookRequest(trx: Kysely<DB>, id: string, now: number): Promise<boolean> {
  return repo.moveRequest(trx, id, ['open'], 'booked', now);
}
