import { z } from 'zod';

/** The periods the dashboard's analytics cover, in days back from now. */
export const ANALYTICS_PERIODS = ['30', '90', '365'] as const;

/** `GET /api/analytics?days=` and `GET /api/analytics/quotes.csv?days=`: exactly 30, 90 or 365 (default 30). */
export const analyticsQuerySchema = z.object({
  days: z
    .enum(ANALYTICS_PERIODS, { error: 'Choose 30, 90 or 365 days' })
    .default('30')
    .transform((days) => Number(days)),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** One calendar month (UTC) of the period: leads received, quotes sent and bookings made in it. */
export const analyticsMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  leads: z.number().int().nonnegative(),
  quotesSent: z.number().int().nonnegative(),
  bookings: z.number().int().nonnegative(),
});
export type AnalyticsMonth = z.infer<typeof analyticsMonthSchema>;

const rate = z.number().min(0).max(1).nullable();

/** Leads received and bookings made in the period in one of the business's categories. */
export const analyticsCategorySchema = z.object({
  categoryId: z.string(),
  label: z.string(),
  leads: z.number().int().nonnegative(),
  bookings: z.number().int().nonnegative(),
});
export type AnalyticsCategory = z.infer<typeof analyticsCategorySchema>;

/**
 * "How you compare": businesses of the same categories within 50 miles (`peers`, at least 5, never
 * named) and the share of them (0..1) this business beats on median response time (faster beats)
 * and on win rate; a percentile is null when the business has no figure of its own yet.
 */
export const analyticsPeersSchema = z.object({
  peers: z.number().int().min(5),
  responseTimePercentile: rate,
  winRatePercentile: rate,
});
export type AnalyticsPeers = z.infer<typeof analyticsPeersSchema>;

/** One "What to do next" hint: its stable id, its text and the app path that fixes it. */
export const analyticsHintSchema = z.object({
  id: z.string(),
  text: z.string(),
  path: z.string(),
});
export type AnalyticsHint = z.infer<typeof analyticsHintSchema>;

/**
 * `GET /api/analytics` (docs/marketplace.md, Analytics): what the business's leads came to over
 * the period. Rates are 0..1 and null when there is nothing to divide by; money is integer cents;
 * `byMonth` has every month the period overlaps, oldest first, months without activity as zeros.
 */
export const analyticsSchema = z.object({
  leads: z.number().int().nonnegative(),
  quotesSent: z.number().int().nonnegative(),
  responseRate: rate,
  medianResponseMinutes: z.number().int().nonnegative().nullable(),
  winRate: rate,
  revenueWonCents: z.number().int().nonnegative(),
  creditsSpent: z.number().int(),
  creditsPerBooking: z.number().nullable(),
  bookings: z.number().int().nonnegative(),
  byMonth: z.array(analyticsMonthSchema),
  /** Views of the business's public profile and clicks on its "Request a quote", on the period's days. */
  profileViews: z.number().int().nonnegative(),
  quoteClicks: z.number().int().nonnegative(),
  /** Credits spent × the dollar value of a credit (`creditValueCents`) ÷ bookings; null without bookings. */
  costPerBookingCents: z.number().int().nullable(),
  /** What one credit is worth in cents: the price per credit of the smallest credit pack (docs/marketplace.md: Analytics). */
  creditValueCents: z.number().int().nonnegative(),
  leadsByCategory: z.array(analyticsCategorySchema),
  peers: analyticsPeersSchema.nullable(),
  hints: z.array(analyticsHintSchema),
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** One piece of a complete profile (logo, photos, about, each category's settings and auto-response) and where to add it. */
export const completenessItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  done: z.boolean(),
  path: z.string(),
});
export type CompletenessItem = z.infer<typeof completenessItemSchema>;

/** `GET /api/profile/completeness`: the share of items done, 0..100 (rounded), and every item. */
export const completenessSchema = z.object({
  score: z.number().int().min(0).max(100),
  items: z.array(completenessItemSchema),
});
export type Completeness = z.infer<typeof completenessSchema>;
