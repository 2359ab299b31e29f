/**
 * The domain events the account module publishes, added to core's map of events
 * (core/events/domain-events.ts) from here: subscribers read their payloads from `DomainEvents`.
 */
declare module '../core/events/domain-events' {
  interface DomainEvents {
    /** Published inside the deleting transaction, before the rows go: subscribers can still read theirs. */
    'business.deleted': { vendorId: string; businessName: string; ownerEmail: string; userIds: string[] };
  }
}

export {};
