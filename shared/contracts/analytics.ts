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

/**
 * `GET /api/analytics` (README: Marketplace, Analytics): what the business's leads came to over
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
});
export type Analytics = z.infer<typeof analyticsSchema>;
