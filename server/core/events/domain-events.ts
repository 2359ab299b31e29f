/**
 * Every domain event, by name, with its payload: the changes other modules may react to. A
 * module publishes its own events; subscribers never import the publisher. Payloads carry what
 * a subscriber needs to act without reading the publisher's tables.
 */
export interface DomainEvents {
  /** Published inside the deleting transaction, before the rows go: subscribers can still read theirs. */
  'business.deleted': { vendorId: string; businessName: string; ownerEmail: string; userIds: string[] };
  'user.password-changed': { userId: string; email: string };
  'team.member-removed': { vendorId: string; businessName: string; userId: string; email: string; byUserId: string };
  'team.member-left': { vendorId: string; businessName: string; userId: string; email: string; ownerEmails: string[] };
  /** A new business signed up (its owner's account is in the same transaction). */
  'business.created': { vendorId: string; businessName: string };
  /** A form was saved: its data as stored, and the business's services after the save. */
  'form.saved': { vendorId: string; formId: string; data: Record<string, unknown>; categories: number[] };
  /** The business's services (vendor type ids) changed: onboarding, business details, a service removed. */
  'business.services-changed': { vendorId: string; categories: number[] };
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
  /** A business's credit balance changed (a grant, a spend, a refund). */
  'credits.changed': { vendorId: string; balance: number; delta: number; reason: string };
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

export type DomainEventName = keyof DomainEvents;
