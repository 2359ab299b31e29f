/**
 * The domain events the reviews module publishes, added to core's map of events
 * (core/events/domain-events.ts) from here.
 */
declare module '../core/events/domain-events' {
  interface DomainEvents {
    /** A couple reviewed a completed booking: the business's people are told (per their preferences). */
    'review.created': { reviewId: string; quoteId: string; vendorId: string; rating: number; customerName: string };
    /** A business reported a review, for the first time: support is mailed with both sides named, the reporter gets a confirmation (to a verified address); the review stays published. */
    'review.reported': {
      reviewId: string;
      vendorId: string;
      businessName: string;
      reporterEmail: string;
      reporterEmailVerified: boolean;
      reason: string;
      note: string | null;
      rating: number;
      title: string | null;
      body: string;
      customerName: string;
      customerEmail: string;
    };
  }
}

export {};
