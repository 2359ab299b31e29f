import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSnapshot } from '../../../server/config/schema-store/snapshot';
import { createMemoryLogger } from '../../../server/core/logger';
import { matchRequest } from '../../../server/matching';
import { createGazetteer } from '../../../server/places';
import { REPO_ROOT } from '../../support/tsx-process';
import { openTestDatabase, TEST_DATABASES } from '../../support/api/test-app';

const NOW = Date.parse('2027-01-10T12:00:00Z');
const vendorId = (i: number) => `v-${String(i).padStart(4, '0')}`;

/**
 * Matching reads the businesses inside the search box a page at a time, least recently matched
 * first (server/matching: 100, then pages four times larger), and stops once it has chosen
 * enough. These cases need the later pages: the first hundreds in turn cannot take the request.
 */
describe.each(TEST_DATABASES)('matching through a crowded area on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let snapshot: Awaited<ReturnType<typeof loadSnapshot>>;
  const places = createGazetteer();
  const austin = places.find('Austin, TX')!;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    snapshot = await loadSnapshot(path.join(REPO_ROOT, 'schemas'));
  });

  afterAll(async () => {
    await database?.drop();
  });

  /** `count` florists in Austin, matched last at `lastMatchedAt(i)`; those `failing(i)` have payment_failed. */
  async function florists(count: number, lastMatchedAt: (i: number) => number, failing: (i: number) => boolean) {
    await database.db.deleteFrom('matching_profiles').execute();
    await database.db.deleteFrom('vendors').execute();
    const ids = Array.from({ length: count }, (_, i) => i);
    for (let start = 0; start < count; start += 200) {
      const batch = ids.slice(start, start + 200);
      await database.db
        .insertInto('vendors')
        .values(
          batch.map((i) => ({
            id: vendorId(i),
            business_name: `Florist ${i}`,
            payment_status: failing(i) ? 'payment_failed' : 'active',
            last_completed_step: 5,
            categories: '["florist"]',
            fields: '{}',
            created_at: NOW,
            updated_at: NOW,
          })),
        )
        .execute();
      await database.db
        .insertInto('matching_profiles')
        .values(
          batch.map((i) => ({
            vendor_id: vendorId(i),
            category_id: 'florist',
            lat: austin.lat,
            lng: austin.lng,
            radius_miles: 50,
            notice_days: 0,
            settings: '{}',
            last_matched_at: lastMatchedAt(i),
          })),
        )
        .execute();
    }
  }

  const match = () =>
    database.writeTransaction((trx) =>
      matchRequest({ database, clock: { now: () => NOW }, logger: createMemoryLogger(), schemas: () => snapshot, places }, trx, {
        categoryId: 'florist',
        eventDate: '2027-06-12',
        lat: austin.lat,
        lng: austin.lng,
        guests: 120,
        budgetCents: 300_000,
        details: {},
        directVendorId: null,
      }),
    );

  it('when the 230 least recently matched cannot be paid for, then the next 5 in turn are chosen, from the third page, and only they are marked matched', async () => {
    await florists(
      300,
      (i) => 1_000 + i,
      (i) => i < 230,
    );

    const chosen = await match();

    expect(chosen).toEqual([230, 231, 232, 233, 234].map(vendorId));
    const marked = await database.db.selectFrom('matching_profiles').select('vendor_id').where('last_matched_at', '=', NOW).orderBy('vendor_id').execute();
    expect(marked.map((row) => row.vendor_id)).toEqual(chosen);
  });

  it('when many were matched at the same moment, then they take their turn by id across a page boundary, and the never-matched go first', async () => {
    // 0–149 matched at one moment, 150–159 never: the never-matched first, then the tie by id,
    // with the page boundary (100) inside the tie and the first 120 of it unable to take it.
    await florists(
      160,
      (i) => (i < 150 ? 5_000 : 0),
      (i) => i >= 150 || i < 120,
    );

    expect(await match()).toEqual([120, 121, 122, 123, 124].map(vendorId));
  });
});
