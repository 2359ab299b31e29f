import type { WebhookSignatureRefusal } from './webhook-signature';

/**
 * The seam between billing and whoever moves the money. Billing logic talks only to this
 * interface; the built-in sandbox (Stripe's test mode, played locally) and a real Stripe adapter
 * both implement it, chosen by configuration. Card numbers never cross it: the browser hands the
 * card to the provider and billing only ever sees the token, brand and last four digits.
 *
 * Money is an integer in the currency's minor unit (cents); currencies are lower-case ISO 4217
 * codes as in `schemas/plans.json`. Every call that moves money or changes a customer's card
 * takes an idempotency key: the same key sent twice (a retried request, a job run twice) acts
 * once and answers with the first outcome.
 */
export interface PaymentProvider {
  /** The request header its webhooks carry their signature in (Stripe's is `Stripe-Signature`). */
  readonly webhookSignatureHeader: string;
  /** Makes the provider's customer for a business; billing stores the returned id. */
  createCustomer(input: CreateCustomerInput): Promise<{ customerId: string }>;
  /** Attaches a card token made by the provider's tokenisation step to a customer. */
  attachPaymentMethod(input: AttachPaymentMethodInput): Promise<AttachPaymentMethodResult>;
  /** Charges a customer's attached card now. A decline is a result, not an exception. */
  charge(input: ChargeInput): Promise<ChargeResult>;
  /** Gives back all or part of a succeeded charge. */
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Checks a webhook delivery's signature over its raw body (before any JSON parsing) and, when
   * it holds, parses the event. Handlers must still ignore an event id they have already handled.
   */
  verifyWebhook(input: VerifyWebhookDeliveryInput): WebhookVerification;
}

/** The card brands the product accepts. */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover';

/** What billing may know and show of a card: never its number or CVC. */
export interface PaymentMethodSummary {
  /** The provider's payment method id (`pm_…`). */
  id: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CreateCustomerInput {
  businessId: string;
  email: string;
  idempotencyKey: string;
}

export interface AttachPaymentMethodInput {
  customerId: string;
  /** The token the browser got from the provider (`pm_…`); a full token is never logged. */
  paymentMethodToken: string;
  idempotencyKey: string;
}

/** Why a card could not be attached. `card-declined` becomes the 402 problem `card-declined`. */
export type AttachFailureReason = 'card-declined' | 'expired-card' | 'unknown-payment-method' | 'unknown-customer';

export type AttachPaymentMethodResult = { ok: true; paymentMethod: PaymentMethodSummary } | { ok: false; reason: AttachFailureReason; message: string };

export interface ChargeInput {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  currency: string;
  /** The invoice line the customer sees on their statement and receipt. */
  description: string;
  idempotencyKey: string;
  /** Our own ids (invoice, business) carried back in webhooks about this charge. */
  metadata?: Record<string, string>;
}

/** Why a charge failed; a failed renewal turns the business's `payment_status` to `payment_failed`. */
export type ChargeFailureReason = 'card-declined' | 'insufficient-funds' | 'expired-card' | 'unknown-payment-method' | 'processing-error';

export type ChargeResult =
  | { status: 'succeeded'; chargeId: string; amountCents: number; currency: string; createdAt: number }
  | {
      status: 'failed';
      /** The provider's record of the attempt, when it made one (Stripe does for a decline). */
      chargeId: string | null;
      reason: ChargeFailureReason;
      message: string;
    };

export interface RefundInput {
  chargeId: string;
  /** Part of the charge to give back; the whole charge when omitted. */
  amountCents?: number;
  idempotencyKey: string;
  reason?: string;
}

export type RefundFailureReason = 'unknown-charge' | 'charge-not-succeeded' | 'amount-exceeds-refundable';

export type RefundResult =
  | { status: 'succeeded'; refundId: string; chargeId: string; amountCents: number; currency: string }
  | { status: 'failed'; reason: RefundFailureReason; message: string };

export interface VerifyWebhookDeliveryInput {
  rawBody: Buffer | string;
  /** The signature header (`Stripe-Signature` style: `t=…,v1=…`), undefined when absent. */
  signatureHeader: string | undefined;
  /** The current time in epoch milliseconds, from the app's clock. */
  now: number;
}

/** The provider events billing acts on. */
export type WebhookEventType = 'invoice.paid' | 'invoice.payment_failed';

/** A verified webhook event, in the provider-neutral shape billing handles. */
export interface WebhookEvent {
  /** Unique per event: the handler records it and ignores a second delivery. */
  id: string;
  type: WebhookEventType;
  /** When the provider created the event, epoch ms. */
  createdAt: number;
  data: {
    customerId: string;
    chargeId: string | null;
    amountCents: number;
    currency: string;
    /** Set on `invoice.payment_failed`. */
    failureReason?: ChargeFailureReason;
    metadata: Record<string, string>;
  };
}

/** Why a delivery was refused (answered 400, nothing changes). */
export type WebhookRefusal = WebhookSignatureRefusal | 'malformed-event';

export type WebhookVerification = { ok: true; event: WebhookEvent } | { ok: false; reason: WebhookRefusal };
