/**
 * The domain events the forms module publishes, added to core's map of events
 * (core/events/domain-events.ts) from here: subscribers read their payloads from `DomainEvents`.
 */
declare module '../core/events/domain-events' {
  interface DomainEvents {
    /** A form was saved: its data as stored, and the business's services after the save. */
    'form.saved': { vendorId: string; formId: string; data: Record<string, unknown>; categories: number[] };
    /** The business's services (vendor type ids) changed: onboarding, business details, a service removed. */
    'business.services-changed': { vendorId: string; categories: number[] };
  }
}

export {};
