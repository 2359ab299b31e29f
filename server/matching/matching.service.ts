import type { Kysely } from 'kysely';
import type { CategoryFile } from '../../shared/contracts/category';
import { daysBetween } from '../../shared/marketplace/calendar-days';
import { fitPasses } from '../../shared/marketplace/fit-passes';
import { distanceMiles } from '../../shared/places/distance-miles';
import { categoryRouteNames } from '../../shared/routes/category-routes';
import { blockedVendorIds } from '../availability';
import { categoriesOf, findVendor, listOnboardedVendorIds, vendorsInGoodStanding } from '../business';
import type { ConfigSnapshot } from '../config';
import { jsonObjectOf } from '../core/db/json-column';
import type { DB } from '../core/db/schema';
import type { CoreDeps } from '../core/deps';
import { ONBOARDING_FORM_ID, readFormData } from '../forms';
import type { Gazetteer } from '../places';
import * as repo from './matching.repository';
import type { MatchingProfileRow } from './matching.table';

/** What matching needs besides the core: the categories' files and the gazetteer. */
export interface MatchingDeps extends Pick<CoreDeps, 'database' | 'clock' | 'logger'> {
  schemas: () => ConfigSnapshot;
  places: Gazetteer;
}

/** The farthest a business may travel (onboarding's radius maximum): the box that is searched first. */
const MAX_RADIUS_MILES = 500;
const MILES_PER_DEGREE_LAT = 69;
/** Profiles read in the first page of a box, in matching order; each further page is four times larger. */
const FIRST_PAGE = 100;

/** A request as matching reads it. */
export interface MatchRequest {
  categoryId: string;
  eventDate: string;
  lat: number;
  lng: number;
  guests: number;
  budgetCents: number | null;
  details: Record<string, unknown>;
  /** Sent from a profile to this business only: its area and fit rules do not apply (the couple chose it). */
  directVendorId: string | null;
}

function numberOf(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** Days of notice a business needs in a category: onboarding's, or the category's own notice field if longer. */
function noticeDays(category: CategoryFile, onboarding: Record<string, unknown>, settings: Record<string, unknown>): number {
  const own = numberOf(onboarding.min_notice_days, 0);
  if (!category.notice) return own;
  const value = numberOf(settings[category.notice.field], 0);
  return Math.max(own, category.notice.unit === 'weeks' ? value * 7 : value);
}

/**
 * Writes what matching knows of a business (docs/marketplace.md): one profile per category it
 * offers, from onboarding's city, radius and notice and the category's saved settings; none for
 * the categories it dropped. Runs in the transaction of the change that calls for it.
 */
export async function rebuildProfiles(
  deps: Pick<MatchingDeps, 'schemas' | 'places'>,
  trx: Kysely<DB>,
  vendorId: string,
  categories?: readonly number[],
): Promise<void> {
  const { categoryFiles } = deps.schemas().config;
  const offered = categories ?? categoriesOf(await findVendor(trx, vendorId));
  const onboarding = (await readFormData(trx, vendorId, ONBOARDING_FORM_ID)) ?? {};
  const place = typeof onboarding.city === 'string' ? deps.places.find(onboarding.city) : null;
  const kept: string[] = [];
  for (const category of categoryFiles.filter((c) => offered.includes(c.vendorTypeId))) {
    const settingsFormId = categoryRouteNames(category).settings;
    const settings = settingsFormId ? ((await readFormData(trx, vendorId, settingsFormId)) ?? {}) : {};
    await repo.upsertProfile(trx, {
      vendor_id: vendorId,
      category_id: category.id,
      lat: place?.lat ?? null,
      lng: place?.lng ?? null,
      radius_miles: Math.max(0, Math.round(numberOf(onboarding.service_radius_miles, 50))),
      notice_days: noticeDays(category, onboarding, settings),
      settings: JSON.stringify({ ...onboarding, ...settings }),
    });
    kept.push(category.id);
  }
  await repo.deleteProfilesExcept(trx, vendorId, kept);
}

/** Builds the profiles of onboarded businesses that have none (those from before matching, at start). */
export async function reconcileProfiles(deps: MatchingDeps): Promise<number> {
  const [onboarded, known] = await Promise.all([listOnboardedVendorIds(deps.database.db), repo.vendorIdsWithProfiles(deps.database.db)]);
  const missing = onboarded.filter((id) => !known.has(id));
  for (const vendorId of missing) await deps.database.writeTransaction((trx) => rebuildProfiles(deps, trx, vendorId));
  if (missing.length > 0) deps.logger.info('matching profiles built', { businesses: missing.length });
  return missing.length;
}

/** Whether the business can take the request by its area, notice and the category's fit rules. */
function fits(category: CategoryFile, request: MatchRequest, today: string, profile: MatchingProfileRow): boolean {
  if (profile.lat === null || profile.lng === null) return false;
  if (daysBetween(today, request.eventDate) < profile.notice_days) return false;
  if (request.directVendorId) return true;
  if (distanceMiles({ lat: profile.lat, lng: profile.lng }, request) > profile.radius_miles) return false;
  const settings = jsonObjectOf(profile.settings);
  return category.fit.every((rule) => fitPasses(rule, request, settings));
}

/**
 * The businesses a confirmed request goes to (docs/marketplace.md, Requests and matching): of the
 * category, within their service radius of the event, not blacked out on its date, with enough
 * notice, passing the category's fit rules, whose payments are in order; at most
 * `maxVendorsPerRequest`, the least recently matched first. They are marked matched now. A
 * request sent from a profile goes to that business alone, when it can take the date.
 */
export async function matchRequest(deps: MatchingDeps, trx: Kysely<DB>, request: MatchRequest): Promise<string[]> {
  const { config } = deps.schemas();
  const category = config.categoryFiles.find((c) => c.id === request.categoryId);
  if (!category) return [];
  const now = deps.clock.now();
  const today = new Date(now).toISOString().slice(0, 10);
  const max = config.app.marketplace.maxVendorsPerRequest;
  const chosen: string[] = [];
  // Profiles are checked in matching order until `max` are chosen: with 20,000 businesses in the box
  // a request reads a page of them, where reading, parsing and looking up all of them took a p95 of
  // 197 ms (issue 25). The result is the same: the first `max` in that order that pass every check.
  const take = async (profiles: MatchingProfileRow[]) => {
    const fitting = profiles.filter((profile) => fits(category, request, today, profile));
    const ids = fitting.map((profile) => profile.vendor_id);
    const [blocked, inGoodStanding] = await Promise.all([blockedVendorIds(trx, ids, request.eventDate), vendorsInGoodStanding(trx, ids)]);
    for (const profile of fitting) {
      if (chosen.length < max && !blocked.has(profile.vendor_id) && inGoodStanding.has(profile.vendor_id)) chosen.push(profile.vendor_id);
    }
  };
  if (request.directVendorId) {
    const own = await repo.profileOf(trx, request.directVendorId, category.id);
    await take(own ? [own] : []);
  } else {
    const latSpan = MAX_RADIUS_MILES / MILES_PER_DEGREE_LAT;
    const lngSpan = MAX_RADIUS_MILES / (MILES_PER_DEGREE_LAT * Math.max(0.2, Math.cos((request.lat * Math.PI) / 180)));
    const box = { minLat: request.lat - latSpan, maxLat: request.lat + latSpan, minLng: request.lng - lngSpan, maxLng: request.lng + lngSpan };
    let after: repo.TurnCursor | null = null;
    for (let limit = FIRST_PAGE; chosen.length < max; limit *= 4) {
      const page = await repo.profilesNearInTurn(trx, category.id, box, after, limit);
      await take(page);
      const last = page[page.length - 1];
      if (!last || page.length < limit) break;
      after = { lastMatchedAt: Number(last.last_matched_at), vendorId: last.vendor_id };
    }
  }
  await repo.markMatched(trx, chosen, category.id, now);
  return chosen;
}

/** A business whose service area covers a place, as the directory lists it. */
export interface CoveringProfile {
  vendorId: string;
  /** Miles from the place to where the business is based. */
  distanceMiles: number;
  /** The category's saved settings with onboarding's answers (city, radius), as matching keeps them. */
  settings: Record<string, unknown>;
}

/**
 * The businesses of a category whose service area covers `place` (docs/marketplace.md: Public profile and
 * directory): where they are based is known and within their radius of it. A box around the place
 * first (the index), then the exact distance, as `matchRequest` does. Payment standing is the
 * caller's to check.
 */
export async function profilesCovering(db: Kysely<DB>, categoryId: string, place: { lat: number; lng: number }): Promise<CoveringProfile[]> {
  const latSpan = MAX_RADIUS_MILES / MILES_PER_DEGREE_LAT;
  const lngSpan = MAX_RADIUS_MILES / (MILES_PER_DEGREE_LAT * Math.max(0.2, Math.cos((place.lat * Math.PI) / 180)));
  const near = await repo.profilesNear(db, categoryId, {
    minLat: place.lat - latSpan,
    maxLat: place.lat + latSpan,
    minLng: place.lng - lngSpan,
    maxLng: place.lng + lngSpan,
  });
  return near.flatMap((profile) => {
    if (profile.lat === null || profile.lng === null) return [];
    const miles = distanceMiles({ lat: Number(profile.lat), lng: Number(profile.lng) }, place);
    return miles <= Number(profile.radius_miles) ? [{ vendorId: profile.vendor_id, distanceMiles: miles, settings: jsonObjectOf(profile.settings) }] : [];
  });
}
