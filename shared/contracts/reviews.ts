import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { isSingleLine, SINGLE_LINE_MESSAGE } from '../validators/single-line';

/** The couple's review of a completed booking (`POST /api/public/requests/:token/quotes/:quoteId/review`). */
export const createReviewBodySchema = z.strictObject({
  rating: z.number({ error: 'Choose from 1 to 5 stars' }).int('Choose from 1 to 5 stars').min(1, 'Choose from 1 to 5 stars').max(5, 'Choose from 1 to 5 stars'),
  title: z.string().trim().max(120, 'Use at most 120 characters').refine(isSingleLine, SINGLE_LINE_MESSAGE).optional(),
  body: z
    .string({ error: 'Tell other couples how it went' })
    .trim()
    .min(20, 'Write at least a few sentences (20 characters)')
    .max(5000, 'Use at most 5,000 characters'),
});
export type CreateReviewBody = z.infer<typeof createReviewBodySchema>;

/** `PUT /api/reviews/:id/reply`: the business's one public reply, editable. */
export const reviewReplyBodySchema = z.strictObject({
  body: z.string({ error: 'Write your reply' }).trim().min(1, 'Write your reply').max(2000, 'Use at most 2,000 characters'),
});

export const REPORT_REASONS = {
  'personal-data': 'It shows personal data',
  offensive: 'It uses offensive language',
  'not-a-client': 'This person was not our client',
  'not-our-event': 'It is about another event or vendor',
} as const;

/** `POST /api/reviews/:id/report`: the review stays published while support decides. */
export const reportReviewBodySchema = z.strictObject({
  reason: z.enum(Object.keys(REPORT_REASONS) as [keyof typeof REPORT_REASONS, ...(keyof typeof REPORT_REASONS)[]], { error: 'Choose a reason' }),
  note: z.string().trim().max(1000, 'Use at most 1,000 characters').optional(),
});
export type ReportReviewBody = z.infer<typeof reportReviewBodySchema>;

/** A review (PRODUCT.md §4): `reply` is the business's public answer. */
export const reviewSchema = z.object({
  id: z.string(),
  quoteId: z.string(),
  rating: z.number().int(),
  title: z.string().nullable(),
  body: z.string(),
  customerName: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.number().nullable(),
  createdAt: z.number(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A review as its business sees it: when the business reported it to support (one report per review), else null. */
export const businessReviewSchema = reviewSchema.extend({ reportedAt: z.number().nullable() });
export type BusinessReview = z.infer<typeof businessReviewSchema>;

/** The answer to a report: the same whether this report was the business's first of the review or a repeat (no second mail). */
export const reviewReportReceiptSchema = z.object({ reported: z.literal(true), reportedAt: z.number() });
export type ReviewReportReceipt = z.infer<typeof reviewReportReceiptSchema>;

export const reviewSummarySchema = z.object({
  /** The mean rating, one decimal; null with no review. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** How many reviews gave 1, 2, 3, 4 and 5 stars. */
  distribution: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() }),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** `GET /api/reviews?rating&cursor&limit`. */
export const reviewsQuerySchema = z.object({
  rating: z.coerce.number().int().min(1).max(5).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ReviewsQuery = z.infer<typeof reviewsQuerySchema>;

export const reviewsResponseSchema = envelopeSchema(z.array(businessReviewSchema), { summary: reviewSummarySchema, nextCursor: z.string().nullable() });
