/**
 * The domain events the quotes module publishes, added to core's map of events
 * (core/events/domain-events.ts) from here: subscribers read their payloads from `DomainEvents`.
 */
declare module '../core/events/domain-events' {
  interface DomainEvents {
    /** A request was matched with a vendor: a potential quote exists. */
    'quote.created': {
      quoteId: string;
      requestId: string;
      vendorId: string;
      category: string;
      customerName: string;
      customerEmail: string;
      eventDate: string;
      guests: number;
      location: string;
      /** The customer's page, where they read quotes and messages. */
      customerLink: string;
    };
    /** A quote changed status (quoted, declined, accepted, rejected, completed, closed) or was refunded. */
    'quote.updated': { quoteId: string; requestId: string; vendorId: string; status: string; previous: string; refunded: boolean };
  }
}

export {};
