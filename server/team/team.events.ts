/**
 * The domain events the team module publishes, added to core's map of events
 * (core/events/domain-events.ts) from here: subscribers read their payloads from `DomainEvents`.
 */
declare module '../core/events/domain-events' {
  interface DomainEvents {
    'team.member-removed': { vendorId: string; businessName: string; userId: string; email: string; byUserId: string };
    'team.member-left': { vendorId: string; businessName: string; userId: string; email: string; ownerEmails: string[] };
  }
}

export {};
