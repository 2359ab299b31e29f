import type { QuoteStatus } from '../../shared/contracts/marketplace';

/**
 * The domain events the quotes module publishes, added to core's map of events
 * (core/events/domain-events.ts) from here: subscribers read their payloads from `DomainEvents`.
 * No payload carries the couple's link (a secret): a subscriber that mails them signs it from
 * `requestId` with `customerLink` (the requests module's index).
 */
declare module '../core/events/domain-events' {
  interface DomainEvents {
    /** A request was matched with a vendor: a potential quote exists. */
    'quote.created': {
      quoteId: string;
      requestId: string;
      vendorId: string;
      category: string;
      categoryLabel: string;
      /** What the couple plans with this trade, as it reads after "your" ("wedding cake"): the category's `serviceName`. */
      serviceName: string;
      customerName: string;
      customerEmail: string;
      eventDate: string;
      guests: number;
      location: string;
      /** The quote's page in the dashboard. */
      quoteLink: string;
    };
    /**
     * A quote changed status (quoted, declined, accepted, rejected, completed, closed) or was
     * refunded (then `status` equals `previous`).
     */
    'quote.updated': {
      quoteId: string;
      requestId: string;
      vendorId: string;
      status: QuoteStatus;
      previous: QuoteStatus;
      refunded: boolean;
      /** Why a closed quote closed, when the change says (the couple booked another vendor: `booked-elsewhere`). */
      closedReason: 'declined' | 'expired' | 'event-passed' | 'booked-elsewhere' | 'withdrawn' | null;
      /** Who changed it: the business, the couple, or the clock. */
      actor: 'vendor' | 'customer' | 'system';
      customerName: string;
      customerEmail: string;
      eventDate: string;
      /** The quote's page in the dashboard. */
      quoteLink: string;
    };
  }
}

export {};
