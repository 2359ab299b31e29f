import type { CategoryFile } from '../../shared/contracts/category';
import {
  DIRECTORY_PAGE_SIZE,
  type Coverage,
  type DirectoryPage,
  type DirectoryQuery,
  type DirectorySort,
  type DirectoryVendor,
} from '../../shared/contracts/public-vendors';
import { categoryHighlights } from '../../shared/marketplace/category-highlights';
import { publicProfilePath } from '../../shared/marketplace/public-profile-path';
import { businessNames, vendorsInGoodStanding } from '../business';
import { z } from 'zod';
import { AppError } from '../core/http/app-error';
import { decodeCursor, encodeCursor } from '../core/http/page-cursor';
import { profilesCovering, type CoveringProfile } from '../matching';
import type { Place } from '../places';
import { cardImages } from '../profile';
import { usualResponseHoursOf } from '../quotes';
import { ratingsOf } from '../reviews';
import type { PublicDeps } from './public.deps';
import { cityLabel, requestPathOf, RESPONSE_WINDOW_MS } from './public-vendor.service';

function refused(path: 'category' | 'place', detail: string, message: string): AppError {
  return new AppError(400, 'validation-failed', detail, [{ path, message }]);
}

/** The category and the place of a directory or coverage query; a 400 naming `category` or `place` when either is unknown. */
function categoryAndPlace(deps: PublicDeps, query: { category: string; place: string }): { category: CategoryFile; place: Place } {
  const category = deps.schemas().config.categoryFiles.find((c) => c.id === query.category);
  if (!category) throw refused('category', 'There is no such category of vendors.', 'Choose a category from the list');
  const place = deps.places.find(query.place);
  if (!place) throw refused('place', 'We could not find that place.', 'Enter a US city like "Austin, TX" or a ZIP code');
  return { category, place };
}

/** The businesses that serve the category at the place: covered by their service area, payments in order. */
async function coveringInGoodStanding(deps: PublicDeps, category: CategoryFile, place: Place): Promise<CoveringProfile[]> {
  const covering = await profilesCovering(deps.database.db, category.id, place);
  const inGoodStanding = await vendorsInGoodStanding(
    deps.database.db,
    covering.map((profile) => profile.vendorId),
  );
  return covering.filter((profile) => inGoodStanding.has(profile.vendorId));
}

/**
 * `GET /api/public/coverage?category&place`: how many businesses serve the category at the place
 * (the directory's `total`), for the request form to say before the couple sends it.
 */
export async function directoryCoverage(deps: PublicDeps, query: { category: string; place: string }): Promise<Coverage> {
  const { category, place } = categoryAndPlace(deps, query);
  return { vendors: (await coveringInGoodStanding(deps, category, place)).length, place: place.label };
}

interface Candidate {
  vendorId: string;
  name: string;
  distanceMiles: number;
  rating: { average: number | null; count: number };
  responseHours: number | null;
  settings: Record<string, unknown>;
}

const byName = (a: Candidate, b: Candidate) => a.name.localeCompare(b.name, 'en-US') || a.vendorId.localeCompare(b.vendorId);
const negated = (n: number | null) => (n === null ? null : -n);
const nullsLast = (a: number | null, b: number | null) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : a - b);

/** The directory's orders; ties by name (then id, so every order is total and pages never overlap). */
const ORDERS: Record<DirectorySort, (a: Candidate, b: Candidate) => number> = {
  rating: (a, b) => nullsLast(negated(a.rating.average), negated(b.rating.average)) || b.rating.count - a.rating.count || byName(a, b),
  response: (a, b) => nullsLast(a.responseHours, b.responseHours) || byName(a, b),
  distance: (a, b) => a.distanceMiles - b.distanceMiles || byName(a, b),
};

/** A page's cursor is signed for its list (category, place and order): one from another list is refused, never a wrong page. */
const listOf = (category: string, place: Place, sort: DirectorySort) => `directory-${category}-${sort}-${place.lat.toFixed(4)},${place.lng.toFixed(4)}`;

/** Where a page ended: how many came before the next, and the last business shown. */
const positionSchema = z.object({ offset: z.number().int().min(0).max(999_999_999), vendorId: z.string().regex(/^[A-Za-z0-9-]{1,100}$/) });

/**
 * `GET /api/public/vendors?category&place&sort&cursor` (docs/marketplace.md: Public profile and directory): the
 * businesses of the category whose service area covers the place, payments in order, sorted by
 * rating (average, then count), response time (unknown last) or distance, ties by name;
 * `DIRECTORY_PAGE_SIZE` a page. Ratings and response times are read for all of them in one query
 * each. A cursor carries where the page before ended: the next page starts after that business,
 * or at the same position when it is gone.
 */
export async function searchDirectory(deps: PublicDeps, query: DirectoryQuery): Promise<DirectoryPage> {
  const { category, place } = categoryAndPlace(deps, query);
  const sort = query.sort ?? 'rating';
  const list = listOf(category.id, place, sort);
  const after = query.cursor === undefined ? null : decodeCursor(deps.links, list, query.cursor, positionSchema);
  const db = deps.database.db;
  const covering = await coveringInGoodStanding(deps, category, place);
  const ids = covering.map((profile) => profile.vendorId);
  const [names, ratings, hours] = await Promise.all([
    businessNames(db, ids),
    ratingsOf(db, ids),
    usualResponseHoursOf(db, ids, deps.clock.now() - RESPONSE_WINDOW_MS),
  ]);
  const candidates: Candidate[] = covering.map((profile) => ({
    vendorId: profile.vendorId,
    name: names.get(profile.vendorId) ?? '',
    distanceMiles: profile.distanceMiles,
    rating: ratings.get(profile.vendorId) ?? { average: null, count: 0 },
    responseHours: hours.get(profile.vendorId) ?? null,
    settings: profile.settings,
  }));
  candidates.sort(ORDERS[sort]);
  let start = 0;
  if (after) {
    const at = candidates.findIndex((candidate) => candidate.vendorId === after.vendorId);
    start = at >= 0 ? at + 1 : Math.min(after.offset, candidates.length);
  }
  const page = candidates.slice(start, start + DIRECTORY_PAGE_SIZE);
  const images = await cardImages(
    db,
    page.map((candidate) => candidate.vendorId),
  );
  const last = page.at(-1);
  const end = start + page.length;
  return {
    data: page.map(
      (candidate): DirectoryVendor => ({
        vendorId: candidate.vendorId,
        name: candidate.name,
        profilePath: publicProfilePath(candidate.vendorId, candidate.name),
        city: cityLabel(deps, candidate.settings.city),
        image: images.get(candidate.vendorId) ?? null,
        highlights: categoryHighlights(category, candidate.settings),
        rating: candidate.rating,
        responseHours: candidate.responseHours,
        distanceMiles: Math.round(candidate.distanceMiles * 10) / 10,
        requestPath: requestPathOf(category.id, candidate.vendorId),
      }),
    ),
    nextCursor: last && end < candidates.length ? encodeCursor(deps.links, list, { offset: end, vendorId: last.vendorId }) : null,
    total: candidates.length,
    category: { id: category.id, label: category.label },
    place: place.label,
  };
}
