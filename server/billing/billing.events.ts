import type { Seller } from '../../shared/contracts/app-config';

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
    /**
     * An invoice was paid (a plan started, upgraded or renewed, a dunning retry or a new card that
     * paid, a credit pack): published once per invoice, in the transaction that marks it paid, with
     * everything its receipt states. A failed charge publishes none.
     */
    'billing.payment-succeeded': {
      vendorId: string;
      businessName: string;
      ownerEmails: string[];
      invoiceId: string;
      /** What was bought, as the invoice says it ("Starter plan, Nov 27, 2026 – Dec 27, 2026", "25 lead credits"). */
      description: string;
      /** The credits the payment grants (a plan's for the period, a pack's, an upgrade's extra), 0 for none. */
      credits: number;
      amountCents: number;
      currency: string;
      paidAt: number;
      card: { brand: string; last4: string };
      /** app.json's seller when the payment was made: who the receipt says sold it. */
      seller: Seller;
      /** The receipt's page in the dashboard (`billing-receipt`). */
      receiptLink: string;
    };
    /** A subscription ended: canceled by the owner at the period's end, or after its last retry failed. */
    'billing.subscription-ended': { vendorId: string; businessName: string; ownerEmails: string[]; planName: string; reason: 'canceled' | 'payment-failed' };
  }
}

export {};
