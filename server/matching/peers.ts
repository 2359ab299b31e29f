import { sql, type Kysely } from 'kysely';
import type { DB } from '../core/db/schema';

const MILES_PER_DEGREE = 69.0;

/**
 * The other businesses offering one of `categoryIds` whose place lies within `radiusMiles` of the
 * business's own (docs/marketplace.md, Analytics, "How you compare"), by an equirectangular
 * distance (within a fraction of a percent of the great circle at these ranges) that needs no
 * trigonometry in SQL, so it reads alike on SQLite and PostgreSQL. Empty when the business's city
 * is no known place. Ids only: callers count and compare, never name.
 */
export async function peersNear(db: Kysely<DB>, vendorId: string, categoryIds: readonly string[], radiusMiles: number): Promise<string[]> {
  if (categoryIds.length === 0) return [];
  const own = await db
    .selectFrom('matching_profiles')
    .select(['lat', 'lng'])
    .where('vendor_id', '=', vendorId)
    .where('lat', 'is not', null)
    .where('lng', 'is not', null)
    .executeTakeFirst();
  if (!own || own.lat === null || own.lng === null) return [];
  const lat = Number(own.lat);
  const lng = Number(own.lng);
  const lngScale = MILES_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
  const latSpan = radiusMiles / MILES_PER_DEGREE;
  const rows = await db
    .selectFrom('matching_profiles')
    .select('vendor_id')
    .distinct()
    .where('category_id', 'in', [...categoryIds])
    .where('vendor_id', '<>', vendorId)
    .where('lat', '>=', lat - latSpan)
    .where('lat', '<=', lat + latSpan)
    .where(
      sql<boolean>`((lat - ${lat}) * ${MILES_PER_DEGREE}) * ((lat - ${lat}) * ${MILES_PER_DEGREE}) + ((lng - ${lng}) * ${lngScale}) * ((lng - ${lng}) * ${lngScale}) <= ${radiusMiles * radiusMiles}`,
    )
    .execute();
  return rows.map((row) => row.vendor_id);
}
