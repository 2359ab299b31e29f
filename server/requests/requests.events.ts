/**
 * The domain events the requests module publishes, added to core's map of events
 * (core/events/domain-events.ts) from here. No payload carries the couple's link (a secret): a
 * subscriber that mails them signs it from `requestId` with `customerLink` (this module's index).
 */
declare module '../core/events/domain-events' {
  interface DomainEvents {
    /** A couple asked for quotes: the request waits for them to open the link mailed to them. */
    'request.created': { requestId: string; categoryLabel: string; customerName: string; customerEmail: string; eventDate: string };
    /**
     * The couple opened their link before the event: the request is open and awaits its match,
     * which the quotes module makes in a job (it reads the request with `findCoupleRequest` and
     * starts with `startMatching`).
     */
    'request.confirmed': { requestId: string; category: string; eventDate: string };
    /** The couple no longer needs quotes: the quotes module closes the open ones (and refunds those never opened). */
    'request.withdrawn': { requestId: string };
  }
}

export {};
