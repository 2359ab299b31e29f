/**
 * The domain events the billing module publishes, added to core's map of events
 * (core/events/domain-events.ts) from here: subscribers read their payloads from `DomainEvents`.
 */
declare module '../core/events/domain-events' {
  interface DomainEvents {
    /** A business's `payment_status` changed (a plan paid, a renewal failed, a plan ended): the guard reads it. */
    'billing.status-changed': { vendorId: string; status: string; previous: string };
    /** A renewal (or its retry) was declined: the owners are told, with the next retry's time. */
    'billing.payment-failed': {
      vendorId: string;
      businessName: string;
      ownerEmails: string[];
      planName: string;
      amountCents: number;
      currency: string;
      /** The provider's reason, in words. */
      reason: string;
      nextAttemptAt: number;
      /** The renewal's own failure (not a retry's). */
      firstFailure: boolean;
    };
    /** A subscription ended: canceled by the owner at the period's end, or after its last retry failed. */
    'billing.subscription-ended': { vendorId: string; businessName: string; ownerEmails: string[]; planName: string; reason: 'canceled' | 'payment-failed' };
  }
}

export {};
