import type { Selectable } from 'kysely';

/** A couple's review of a completed booking: one per quote, published at once, with the business's one public reply. */
export interface ReviewsTable {
  id: string;
  quote_id: string;
  vendor_id: string;
  request_id: string;
  customer_name: string;
  /** 1 to 5. */
  rating: number;
  title: string | null;
  body: string;
  reply: string | null;
  replied_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A business's report of a review to support (the review stays published while support decides). */
export interface ReviewReportsTable {
  id: string;
  review_id: string;
  vendor_id: string;
  user_id: string;
  reason: string;
  note: string | null;
  created_at: number;
}

export interface ReviewsTables {
  reviews: ReviewsTable;
  review_reports: ReviewReportsTable;
}

export type ReviewRow = Selectable<ReviewsTable>;

// The module's tables join the database's type (core/db/schema.ts) from here: core names no module.
declare module '../core/db/schema' {
  interface DB extends ReviewsTables {}
}
