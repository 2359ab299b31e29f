import { z } from 'zod';
import { ROLES } from '../../shared/ability/roles';
import type { CategoryFile } from '../../shared/contracts/category';
import type { PublicCategory, PublicReview, PublicVendor } from '../../shared/contracts/public-vendors';
import { categoryHighlights } from '../../shared/marketplace/category-highlights';
import { publicProfilePath } from '../../shared/marketplace/public-profile-path';
import { categoryRouteNames } from '../../shared/routes/category-routes';
import { listUsers } from '../auth';
import { categoriesOf, findVendor, listOnboardedBusinesses } from '../business';
import { AppError } from '../core/http/app-error';
import { readFormData } from '../forms';
import { imagesChangedAt, listingText, profileImages, readListing } from '../profile';
import { responseStats, usualResponseHours } from '../quotes';
import { publishedReviews, reviewsChangedAt, reviewSummary } from '../reviews';
import type { PublicDeps } from './public.deps';

/** Reviews on the profile's first page; the rest page on through `GET /api/public/vendors/:adminId/reviews`. */
export const PUBLIC_REVIEWS_PAGE = 20;

/** How far back "Usually responds within N hours" looks. */
export const RESPONSE_WINDOW_MS = 90 * 24 * 60 * 60 * 1000;

/** One public profile as the sitemap lists it. */
export interface PublicProfileEntry {
  vendorId: string;
  profilePath: string;
  updatedAt: number;
}

const vendorIdSchema = z.uuid();

/** The business's id when `value` can be one (a uuid); anything else (a traversal, markup, an integer) names no business. */
export function vendorIdOf(value: unknown): string | null {
  const parsed = vendorIdSchema.safeParse(value);
  return parsed.success ? parsed.data.toLowerCase() : null;
}

export function noSuchVendor(): AppError {
  return new AppError(404, 'not-found', 'No vendor with that id.');
}

/** `/request-quotes?category=<id>&vendor=<vendorId>`: the category's request form, sent to this business only. */
export function requestPathOf(categoryId: string, vendorId: string): string {
  return `/request-quotes?${new URLSearchParams({ category: categoryId, vendor: vendorId }).toString()}`;
}

/** Where the business is based, as the gazetteer writes it ("Austin, TX"); what it saved when the gazetteer does not know it. */
export function cityLabel(deps: Pick<PublicDeps, 'places'>, city: unknown): string | null {
  const text = listingText(city);
  return text === null ? null : (deps.places.find(text)?.label ?? text);
}

async function categoriesShown(deps: PublicDeps, vendorId: string, offered: readonly number[]): Promise<PublicCategory[]> {
  const files = deps.schemas().config.categoryFiles.filter((c: CategoryFile) => offered.includes(c.vendorTypeId));
  return Promise.all(
    files.map(async (category) => {
      const formId = categoryRouteNames(category).settings;
      const settings = formId ? ((await readFormData(deps.database.db, vendorId, formId)) ?? {}) : {};
      return { id: category.id, label: category.label, highlights: categoryHighlights(category, settings), requestPath: requestPathOf(category.id, vendorId) };
    }),
  );
}

async function ownerEmail(deps: PublicDeps, vendorId: string): Promise<string | null> {
  const users = await listUsers(deps.database.db, vendorId);
  return (users.find((user) => user.role === ROLES.owner) ?? users[0])?.email ?? null;
}

/**
 * A business's public profile (docs/marketplace.md: Public profile and directory): only what it chose to
 * publish (no phone or email unless turned on in its profile, nothing of its team), with its
 * categories' highlights, rating, response time and newest reviews. Null for an unknown, deleted
 * or not yet onboarded business, and for anything that is not an id.
 */
export async function findPublicVendor(deps: PublicDeps, vendorId: string): Promise<PublicVendor | null> {
  const id = vendorIdOf(vendorId);
  if (id === null) return null;
  const db = deps.database.db;
  const vendor = await findVendor(db, id);
  if (!vendor || vendor.last_completed_step < 1) return null;
  const since = deps.clock.now() - RESPONSE_WINDOW_MS;
  const [listing, images, summary, reviews, stats, reviewsChanged, categories] = await Promise.all([
    readListing(db, id),
    profileImages(db, id),
    reviewSummary(db, id),
    publishedReviews({ db, links: deps.links }, id, { limit: PUBLIC_REVIEWS_PAGE }),
    responseStats(db, id, since),
    reviewsChangedAt(db, [id]),
    categoriesShown(deps, id, categoriesOf(vendor)),
  ]);
  return {
    vendorId: id,
    name: vendor.business_name,
    profilePath: publicProfilePath(id, vendor.business_name),
    about: listing.about,
    city: cityLabel(deps, listing.city),
    serviceArea: listing.serviceArea,
    serviceRadiusMiles: listing.serviceRadiusMiles,
    logo: images.logo,
    gallery: images.gallery,
    categories,
    contact: {
      phone: listing.shown.phone ? listing.phone : null,
      email: listing.shown.email ? await ownerEmail(deps, id) : null,
      ...listing.links,
    },
    rating: summary,
    responseHours: usualResponseHours(stats),
    reviews: reviews.data,
    reviewsNextCursor: reviews.nextCursor,
    updatedAt: Math.max(Number(vendor.updated_at), images.updatedAt, reviewsChanged.get(id) ?? 0),
  };
}

/** `GET /api/public/vendors/:adminId/reviews?cursor=`: the next page of a public profile's reviews; 404 for what `findPublicVendor` would not show. */
export async function publicReviewsPage(
  deps: PublicDeps,
  vendorId: string,
  cursor: string | undefined,
): Promise<{ data: PublicReview[]; nextCursor: string | null }> {
  const id = vendorIdOf(vendorId);
  const vendor = id === null ? undefined : await findVendor(deps.database.db, id);
  if (id === null || !vendor || vendor.last_completed_step < 1) throw noSuchVendor();
  return publishedReviews({ db: deps.database.db, links: deps.links }, id, { cursor, limit: PUBLIC_REVIEWS_PAGE });
}

/** Whether the business has a public profile (known and onboarded). */
export async function hasPublicProfile(deps: PublicDeps, vendorId: string): Promise<string | null> {
  const id = vendorIdOf(vendorId);
  if (id === null) return null;
  const vendor = await findVendor(deps.database.db, id);
  return vendor && vendor.last_completed_step >= 1 ? id : null;
}

/**
 * Every public profile, ordered by the business's id after `after` (keyset paged, for the
 * sitemap), with its canonical path and when anything shown last changed (as `updatedAt` of
 * `findPublicVendor`, bar the response time). Three queries per page, whatever its size.
 */
export async function listPublicProfiles(deps: PublicDeps, page: { after?: string; limit: number }): Promise<PublicProfileEntry[]> {
  const db = deps.database.db;
  const limit = Math.max(1, Math.min(Math.floor(page.limit), 50_000));
  const businesses = await listOnboardedBusinesses(db, { after: page.after, limit });
  const ids = businesses.map((business) => business.id);
  const [images, reviews] = await Promise.all([imagesChangedAt(db, ids), reviewsChangedAt(db, ids)]);
  return businesses.map((business) => ({
    vendorId: business.id,
    profilePath: publicProfilePath(business.id, business.businessName),
    updatedAt: Math.max(business.updatedAt, images.get(business.id) ?? 0, reviews.get(business.id) ?? 0),
  }));
}
