/** The paths docs/specification.md §2 lists, by kind: what tests of the route table and the config API check against. */

/** Every path of docs/specification.md §2, written out by hand in react-router syntax. */
export const SPEC_PUBLIC_PATHS = [
  '/',
  '/register',
  '/register-with-token/:token',
  '/forgot-password',
  '/reset-password/:token',
  '/error-404',
  '/pages/miscellaneous/not-authorized',
  '/vendor-profile/:adminId/:slug',
] as const;

/** docs/specification.md §2 "Authenticated routes with header and sidebar". */
export const SPEC_SIDEBAR_PATHS = [
  '/dashboard',
  '/activate-subscription',
  '/buy-more-credits',
  '/change-plan',
  '/update-payment-method',
  '/update-catering-settings',
  '/update-catering-service-types',
  '/update-venue-settings',
  '/update-makeup-settings',
  '/update-photography-settings',
  '/settings',
  '/blackout-dates',
  '/accepted-quotes',
  '/submitted-quotes',
  '/potential-matches',
  '/completed-quotes',
  '/rejected-quotes',
  '/closed-matches',
  '/all-forms',
  '/contact',
  '/messages',
  '/reviews',
] as const;

/** docs/specification.md §2 per-category profile pages (no header, no sidebar). */
export const SPEC_PROFILE_PATHS = [
  '/bakery/:id',
  '/catering/:id',
  '/bartending-beverage/:id',
  '/music/:id',
  '/florist/:id',
  '/makeup/:id',
  '/officiant/:id',
  '/photography/:id',
  '/printing/:id',
  '/rentals/:id',
  '/transportation/:id',
  '/venue/:id',
  '/wedding-planner/:id',
  '/specialty-vendors/:id',
] as const;

/** docs/specification.md §2 quote detail pages. */
export const SPEC_QUOTE_DETAIL_PATHS = [
  '/bakery-quote-detail/:id',
  '/catering-quote-detail/:id',
  '/bartending-beverage-quote-detail/:id',
  '/music-quote-detail/:id',
  '/florist-quote-detail/:id',
  '/makeup-quote-detail/:id',
  '/officiant-quote-detail/:id',
  '/photography-quote-detail/:id',
  '/printing-quote-detail/:id',
  '/rental-quote-detail/:id',
  '/transportation-quote-detail/:id',
  '/venue-quote-detail/:id',
  '/wedding-planner-quote-detail/:id',
  '/specialty-vendors-quote-detail/:id',
] as const;

/** docs/specification.md §2 auto-response settings. */
export const SPEC_AUTO_RESPONSE_PATHS = [
  '/auto-response/bakery',
  '/auto-response/catering',
  '/auto-response/bartending_beverage',
  '/auto-response/music',
  '/auto-response/florist',
  '/auto-response/makeup',
  '/auto-response/officiant',
  '/auto-response/photography',
  '/auto-response/printing',
  '/auto-response/rental',
  '/auto-response/transportation',
  '/auto-response/venue',
  '/auto-response/wedding_planner',
  '/auto-response/specialty_vendors',
] as const;

/** Every route of docs/specification.md §2 that requires login. */
export const SPEC_AUTHENTICATED_PATHS = [
  ...SPEC_SIDEBAR_PATHS,
  '/new-user-step-1',
  '/edit-profile',
  ...SPEC_PROFILE_PATHS,
  ...SPEC_QUOTE_DETAIL_PATHS,
  ...SPEC_AUTO_RESPONSE_PATHS,
] as const;

/** Every route of docs/specification.md §2. */
export const SPEC_ALL_PATHS = [...SPEC_PUBLIC_PATHS, ...SPEC_AUTHENTICATED_PATHS] as const;
