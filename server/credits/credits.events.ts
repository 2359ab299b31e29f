/**
 * The domain events the credits module publishes, added to core's map of events
 * (core/events/domain-events.ts) from here: subscribers read their payloads from `DomainEvents`.
 */
declare module '../core/events/domain-events' {
  interface DomainEvents {
    /** A business's credit balance changed (a grant, a spend, a refund). */
    'credits.changed': { vendorId: string; balance: number; delta: number; reason: string };
  }
}

export {};
