import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { MatchingProfileRow, MatchingProfilesTable } from './matching.table';

/** Writes a business's profile in a category, keeping when it was last matched. */
export async function upsertProfile(db: Kysely<DB>, profile: Omit<MatchingProfilesTable, 'last_matched_at'>): Promise<void> {
  await db
    .insertInto('matching_profiles')
    .values({ ...profile, last_matched_at: 0 })
    .onConflict((oc) =>
      oc
        .columns(['vendor_id', 'category_id'])
        .doUpdateSet({ lat: profile.lat, lng: profile.lng, radius_miles: profile.radius_miles, notice_days: profile.notice_days, settings: profile.settings }),
    )
    .execute();
}

/** Removes the business's profiles in categories it no longer offers. */
export async function deleteProfilesExcept(db: Kysely<DB>, vendorId: string, categoryIds: readonly string[]): Promise<void> {
  let query = db.deleteFrom('matching_profiles').where('vendor_id', '=', vendorId);
  if (categoryIds.length > 0) query = query.where('category_id', 'not in', [...categoryIds]);
  await query.execute();
}

/** A box of latitudes and longitudes around an event. */
export interface Box {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/** The category's profiles whose place lies inside a box around the event (a cheap first cut; distance is exact later). */
function inBox(db: Kysely<DB>, categoryId: string, box: Box) {
  return db
    .selectFrom('matching_profiles')
    .selectAll()
    .where('category_id', '=', categoryId)
    .where('lat', '>=', box.minLat)
    .where('lat', '<=', box.maxLat)
    .where('lng', '>=', box.minLng)
    .where('lng', '<=', box.maxLng);
}

/** All of the category's profiles inside the box. */
export function profilesNear(db: Kysely<DB>, categoryId: string, box: Box): Promise<MatchingProfileRow[]> {
  return inBox(db, categoryId, box).execute();
}

/** Where a walk through a box's profiles in matching order stopped: the last profile read. */
export interface TurnCursor {
  lastMatchedAt: number;
  vendorId: string;
}

/**
 * The category's profiles inside the box in the order matching takes them (least recently
 * matched first, then by id), `limit` of them after `after`. The database sorts the box and hands
 * over one page, so a request reads a few rows where the box holds thousands.
 */
export function profilesNearInTurn(db: Kysely<DB>, categoryId: string, box: Box, after: TurnCursor | null, limit: number): Promise<MatchingProfileRow[]> {
  let query = inBox(db, categoryId, box);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('last_matched_at', '>', after.lastMatchedAt), eb.and([eb('last_matched_at', '=', after.lastMatchedAt), eb('vendor_id', '>', after.vendorId)])]),
    );
  }
  return query.orderBy('last_matched_at').orderBy('vendor_id').limit(limit).execute();
}

export function profileOf(db: Kysely<DB>, vendorId: string, categoryId: string): Promise<MatchingProfileRow | undefined> {
  return db.selectFrom('matching_profiles').selectAll().where('vendor_id', '=', vendorId).where('category_id', '=', categoryId).executeTakeFirst();
}

export async function markMatched(db: Kysely<DB>, vendorIds: readonly string[], categoryId: string, now: number): Promise<void> {
  if (vendorIds.length === 0) return;
  await db
    .updateTable('matching_profiles')
    .set({ last_matched_at: now })
    .where('category_id', '=', categoryId)
    .where('vendor_id', 'in', [...vendorIds])
    .execute();
}

/** The businesses that have a profile in some category. */
export async function vendorIdsWithProfiles(db: Kysely<DB>): Promise<Set<string>> {
  return new Set((await db.selectFrom('matching_profiles').select('vendor_id').distinct().execute()).map((row) => row.vendor_id));
}
