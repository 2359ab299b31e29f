import { z } from 'zod';
import { nameSchema } from './route';

/**
 * The public side of a business (PRODUCT.md §4 "Public vendor profile and directory"): what a
 * couple sees without signing in. Only what the business chose to publish: no email or phone
 * unless it turned them on, nothing of its team.
 */

/** A stored image as the public page shows it (width and height, so nothing jumps while it loads). */
export const publicImageSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });

/** A gallery photo, with its 400 × 400 thumbnail. */
export const publicPhotoSchema = publicImageSchema.extend({ id: z.string(), thumbUrl: z.string() });

/** One category the business offers: its label, the highlights of its settings, and where to ask it for a quote. */
export const publicCategorySchema = z.object({
  id: z.string(),
  label: z.string(),
  /** Short lines a couple reads first: "Cakes from $7.50 a slice", "Offers: tastings, delivery". */
  highlights: z.array(z.string()),
  /** `/request-quotes?category=<id>&vendor=<vendorId>`: the category's request form, sent to this business only. */
  requestPath: z.string(),
});
export type PublicCategory = z.infer<typeof publicCategorySchema>;

export const publicRatingSchema = z.object({
  /** The mean rating, one decimal; null with no review. */
  average: z.number().nullable(),
  count: z.number().int().nonnegative(),
});

/** A published review: the couple shown as first name and last initial ("Maria G."), with the business's reply. */
export const publicReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string().nullable(),
  body: z.string(),
  author: z.string(),
  createdAt: z.number(),
  reply: z.string().nullable(),
  repliedAt: z.number().nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** `GET /api/public/vendors/:adminId` → `{ data: PublicVendor }`; 404 problem for an unknown, deleted or not yet onboarded business. */
export const publicVendorSchema = z.object({
  vendorId: z.string(),
  name: z.string(),
  /** `/vendor-profile/<vendorId>/<slug of the name>`: the one canonical path. */
  profilePath: z.string(),
  about: z.string().nullable(),
  /** Where the business is based ("Austin, TX"), from onboarding's city. */
  city: z.string().nullable(),
  /** The vendor's own words ("Austin and the Hill Country"), from the profile. */
  serviceArea: z.string().nullable(),
  serviceRadiusMiles: z.number().nullable(),
  logo: publicImageSchema.nullable(),
  gallery: z.array(publicPhotoSchema),
  categories: z.array(publicCategorySchema),
  /** Only what the business turned on (phone, email) or chose to list (links). */
  contact: z.object({
    phone: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    instagram: z.string().nullable(),
    facebook: z.string().nullable(),
  }),
  rating: publicRatingSchema.extend({
    /** How many reviews gave 1, 2, 3, 4 and 5 stars. */
    distribution: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() }),
  }),
  /** N of "Usually responds within N hours"; null until the business has answered enough leads. */
  responseHours: z.number().int().positive().nullable(),
  /** The newest reviews first (at most 20); `reviewsNextCursor` pages on through `GET /api/public/vendors/:adminId/reviews?cursor=`. */
  reviews: z.array(publicReviewSchema),
  reviewsNextCursor: z.string().nullable(),
  /** When anything shown last changed (epoch ms): the page's ETag and the sitemap's lastmod. */
  updatedAt: z.number(),
});
export type PublicVendor = z.infer<typeof publicVendorSchema>;

/**
 * The id of the `<script type="application/json">` in which the profile page's HTML carries the
 * PublicVendor it was drawn from: the app's first render reads it instead of fetching it again.
 */
export const EMBEDDED_VENDOR_ELEMENT_ID = 'public-vendor-data';

/** `GET /api/public/vendors/:adminId/reviews?cursor=` → `{ data: PublicReview[], nextCursor }`. */
export const publicReviewsPageSchema = z.object({ data: z.array(publicReviewSchema), nextCursor: z.string().nullable() });

export const DIRECTORY_SORTS = ['rating', 'response', 'distance'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

/** Cards per directory page. */
export const DIRECTORY_PAGE_SIZE = 20;

const placeParam = z.string().trim().min(2, 'Enter a city like "Austin, TX" or a ZIP code').max(120, 'Use at most 120 characters');

/**
 * `GET /api/public/vendors?category=<id>&place=<city or ZIP>&sort=rating|response|distance&cursor=`:
 * an unknown category or place is a 400 naming `category` or `place`.
 */
export const directoryQuerySchema = z.strictObject({
  category: nameSchema,
  place: placeParam,
  sort: z.enum(DIRECTORY_SORTS, { error: 'Sort by rating, response or distance' }).default('rating'),
  cursor: z.string().max(200).optional(),
});
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;

/** One card of the directory. */
export const directoryVendorSchema = z.object({
  vendorId: z.string(),
  name: z.string(),
  profilePath: z.string(),
  city: z.string().nullable(),
  /** The logo, or the first photo's thumbnail, or null. */
  image: publicImageSchema.nullable(),
  /** The category's highlights, as on the profile. */
  highlights: z.array(z.string()),
  rating: publicRatingSchema,
  responseHours: z.number().int().positive().nullable(),
  /** Miles from the place searched to where the business is based, one decimal. */
  distanceMiles: z.number(),
  /** The category's request form sent to this business only. */
  requestPath: z.string(),
});
export type DirectoryVendor = z.infer<typeof directoryVendorSchema>;

/** `{ data, nextCursor, total, category, place }`: `place` is the gazetteer's label ("Austin, TX"). */
export const directoryPageSchema = z.object({
  data: z.array(directoryVendorSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int().nonnegative(),
  category: z.object({ id: z.string(), label: z.string() }),
  place: z.string(),
});
export type DirectoryPage = z.infer<typeof directoryPageSchema>;

/**
 * The id of the `<script type="application/json">` in which a directory page's HTML (the first
 * page, or the one its `?cursor=` names) carries the search it answered and the DirectoryPage it
 * was drawn from.
 */
export const EMBEDDED_DIRECTORY_ELEMENT_ID = 'public-directory-data';

/** What that element holds: the search as the API takes it (with the cursor of a page after the first), and its answer. */
export const embeddedDirectorySchema = z.object({
  category: z.string(),
  place: z.string(),
  sort: z.enum(DIRECTORY_SORTS),
  cursor: z.string().optional(),
  page: directoryPageSchema,
});
export type EmbeddedDirectory = z.infer<typeof embeddedDirectorySchema>;

/** `GET /api/public/coverage?category=<id>&place=<city or ZIP>` → `{ data: { vendors, place } }`. */
export const coverageQuerySchema = z.strictObject({ category: nameSchema, place: placeParam });
export const coverageSchema = z.object({ vendors: z.number().int().nonnegative(), place: z.string() });
export type Coverage = z.infer<typeof coverageSchema>;

/**
 * `POST /api/public/vendors/:adminId/visits` `{ kind: "view" | "quote-click" }` → 204: a profile view
 * or a click on "Request a quote", counted per business and day; no address is stored.
 */
export const profileVisitBodySchema = z.strictObject({ kind: z.enum(['view', 'quote-click'], { error: 'Send "view" or "quote-click"' }) });
export type ProfileVisitBody = z.infer<typeof profileVisitBodySchema>;
