import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { BlackoutDatesTable, BlackoutRow } from './availability.table';

/** The business's blocks that end on or after `from`, earliest first. */
export function listBlackouts(db: Kysely<DB>, vendorId: string, from: string): Promise<BlackoutRow[]> {
  return db
    .selectFrom('blackout_dates')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('to_date', '>=', from)
    .orderBy('from_date')
    .orderBy('to_date')
    .execute();
}

export async function countBlackouts(db: Kysely<DB>, vendorId: string): Promise<number> {
  const row = await db
    .selectFrom('blackout_dates')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('vendor_id', '=', vendorId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertBlackouts(db: Kysely<DB>, rows: BlackoutDatesTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('blackout_dates').values(rows).execute();
}

export async function deleteBlackout(db: Kysely<DB>, vendorId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('blackout_dates').where('vendor_id', '=', vendorId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Of these businesses, the ones with a block covering `date`. */
export async function blockedOn(db: Kysely<DB>, vendorIds: readonly string[], date: string): Promise<Set<string>> {
  if (vendorIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('blackout_dates')
    .select('vendor_id')
    .distinct()
    .where('vendor_id', 'in', [...vendorIds])
    .where('from_date', '<=', date)
    .where('to_date', '>=', date)
    .execute();
  return new Set(rows.map((row) => row.vendor_id));
}

/** The business's blocks that touch the days `from` to `to` (inclusive), earliest first. */
export function blackoutsTouching(db: Kysely<DB>, vendorId: string, from: string, to: string): Promise<BlackoutRow[]> {
  return db
    .selectFrom('blackout_dates')
    .selectAll()
    .where('vendor_id', '=', vendorId)
    .where('from_date', '<=', to)
    .where('to_date', '>=', from)
    .orderBy('from_date')
    .orderBy('to_date')
    .execute();
}

/** The secret the business's feed link is signed with, made on first use (two first uses keep one). */
export async function feedSecret(db: Kysely<DB>, vendorId: string, fresh: string, now: number): Promise<string> {
  await db
    .insertInto('calendar_feeds')
    .values({ vendor_id: vendorId, secret: fresh, created_at: now })
    .onConflict((oc) => oc.column('vendor_id').doNothing())
    .execute();
  const row = await db.selectFrom('calendar_feeds').select('secret').where('vendor_id', '=', vendorId).executeTakeFirstOrThrow();
  return row.secret;
}

/** Replaces the business's feed secret: links signed with the old one stop working. */
export async function replaceFeedSecret(db: Kysely<DB>, vendorId: string, secret: string, now: number): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values({ vendor_id: vendorId, secret, created_at: now })
    .onConflict((oc) => oc.column('vendor_id').doUpdateSet({ secret, created_at: now }))
    .execute();
}

/** The business's feed secret, if it ever asked for its link. */
export async function findFeedSecret(db: Kysely<DB>, vendorId: string): Promise<string | undefined> {
  const row = await db.selectFrom('calendar_feeds').select('secret').where('vendor_id', '=', vendorId).executeTakeFirst();
  return row?.secret;
}
