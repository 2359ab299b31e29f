/**
 * The public module: what couples see without signing in (docs/marketplace.md: Public profile and directory):
 * a business's public profile, the directory of businesses by category and place, how many serve
 * a request's category and place, and the counts of profile views and quote clicks. It writes
 * nothing but those counts.
 */
export { publicMigrations } from './migrations';
export { countVisit, visitTotals, type VisitKind } from './profile-visits';
export type { PublicDeps } from './public.deps';
export { findPublicVendor, listPublicProfiles, type PublicProfileEntry } from './public-vendor.service';
export { searchDirectory, directoryCoverage } from './directory.service';
export { publicRouter } from './public.router';
export { publicPages, publicPagesDeps, type PublicPagesDeps } from './public-pages';
export { createPageCache, subscribePublicPages, type PageCache } from './public-pages-cache';
export { createVendorAnswerFastPath, type VendorAnswer, type VendorAnswerCache } from './public-vendor-answer';
export { sitemapRouter, SITEMAP_URL_LIMIT, type SitemapOptions } from './sitemap';
