/**
 * The domain events the auth module publishes, added to core's map of events
 * (core/events/domain-events.ts) from here: subscribers read their payloads from `DomainEvents`.
 */
declare module '../core/events/domain-events' {
  interface DomainEvents {
    'user.password-changed': { userId: string; email: string };
    /** The owner of `email` asked to move the account to `newEmail` (the confirmation link went there, by its own use case). */
    'user.email-change-requested': { userId: string; email: string; newEmail: string };
    /** A new business signed up (its owner's account is in the same transaction). */
    'business.created': { vendorId: string; businessName: string };
  }
}

export {};
