import { z } from 'zod';
import { nameSchema } from './route';

/**
 * Billing's API (docs/billing.md; PRODUCT.md §4 "Billing"). Money is integer cents in the
 * currency of `schemas/plans.json`; times are epoch milliseconds on the server's clock. Cards
 * never appear here: only the provider's token (`pm_…`, sent once) and a card's brand and last 4.
 */

/** Where a business's subscription stands; `payment_failed` locks the vendor on update-payment-method. */
export const billingStatusSchema = z.enum(['trialing', 'active', 'payment_failed', 'canceled']);
export type BillingStatus = z.infer<typeof billingStatusSchema>;

export const cardBrandSchema = z.enum(['visa', 'mastercard', 'amex', 'discover']);
export type CardBrandName = z.infer<typeof cardBrandSchema>;

/** What billing shows of a card. */
export const cardSummarySchema = z.object({
  brand: cardBrandSchema,
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type CardSummary = z.infer<typeof cardSummarySchema>;

export const invoiceStatusSchema = z.enum(['paid', 'open', 'void']);
export const invoiceKindSchema = z.enum(['subscription', 'renewal', 'upgrade', 'credits']);

/**
 * One invoice: a plan started, renewed or upgraded, or a credit pack. A failed renewal stays
 * `open` while it is retried and becomes `void` when the subscription is canceled for it.
 */
export const invoiceSchema = z.object({
  id: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: invoiceStatusSchema,
  createdAt: z.number(),
  kind: invoiceKindSchema,
  /** The plan it pays for (subscription, renewal, upgrade). */
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  /** The credit pack and its credits (credits). */
  packId: z.string().nullable(),
  credits: z.number().int().nullable(),
  /** The period it pays for, [start, end). */
  periodStart: z.number().nullable(),
  periodEnd: z.number().nullable(),
  paidAt: z.number().nullable(),
  /** The card it was charged to (the last attempt's). */
  card: z.object({ brand: cardBrandSchema, last4: z.string() }).nullable(),
  /** Charge attempts so far. */
  attempts: z.number().int(),
  /** When an open invoice is tried again (dunning), or null. */
  nextAttemptAt: z.number().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** `GET /api/billing`: the contract's fields, then what the screens need to explain the state. */
export const billingSchema = z.object({
  plan: z.string().nullable(),
  status: billingStatusSchema,
  credits: z.number().int(),
  currentPeriodEnd: z.number().nullable(),
  paymentMethod: cardSummarySchema.nullable(),
  currentPeriodStart: z.number().nullable(),
  /** The subscription ends at `currentPeriodEnd` (canceled by the vendor). */
  cancelAtPeriodEnd: z.boolean(),
  /** A downgrade that takes effect at `currentPeriodEnd`. */
  pendingPlan: z.string().nullable(),
  currency: z.string(),
  /** The failed renewal being retried, when `status` is `payment_failed`. */
  openInvoice: invoiceSchema.nullable(),
});
export type Billing = z.infer<typeof billingSchema>;

/** `PUT /api/billing/payment-method`: the provider's token for a card the browser gave it. */
export const paymentMethodBodySchema = z.strictObject({
  paymentMethodId: z.string({ error: 'Add a card first' }).regex(/^pm_[A-Za-z0-9]{8,64}$/, 'This is not a payment method id'),
});

/** `POST /api/billing/subscription`. */
export const subscriptionBodySchema = z.strictObject({ planId: nameSchema });

/** `POST /api/billing/credit-purchases`. */
export const creditPurchaseBodySchema = z.strictObject({ packId: nameSchema });

/** `GET /api/billing/invoices?limit&cursor`, newest first. */
export const invoiceListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export const invoiceListSchema = z.object({ data: z.array(invoiceSchema), nextCursor: z.string().nullable() });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

/**
 * `GET /api/billing/plan-change?planId=<id>`: what choosing a plan would do now, priced by the
 * server's clock, shown before the vendor confirms. `start`: no running plan, the full price
 * now; `upgrade`/`lateral`: the prorated difference now; `downgrade`: at period end, nothing
 * now; `resume`: a canceled subscription kept, nothing now; `none`: already on it.
 */
export const planChangeSchema = z.object({
  planId: z.string(),
  change: z.enum(['start', 'upgrade', 'lateral', 'downgrade', 'resume', 'none']),
  takesEffect: z.enum(['now', 'period-end']),
  effectiveAt: z.number(),
  amountDueNowCents: z.number().int().min(0),
  /** For an upgrade: the unused rest of the current plan, given back. */
  creditCents: z.number().int().min(0),
  currency: z.string(),
  description: z.string(),
});
export type PlanChangePreview = z.infer<typeof planChangeSchema>;
export const planChangeQuerySchema = z.object({ planId: nameSchema });

/** `POST /sandbox/payment-methods`: the built-in sandbox provider's tokenisation (the browser calls it, never billing). */
export const sandboxCardBodySchema = z.strictObject({
  number: z.string({ error: 'Enter the card number' }).max(40),
  expMonth: z
    .number({ error: 'Enter the expiry month' })
    .int('Enter the expiry month')
    .min(1, 'Enter a month from 1 to 12')
    .max(12, 'Enter a month from 1 to 12'),
  expYear: z.number({ error: 'Enter the expiry year' }).int('Enter the expiry year').min(0).max(2100, 'Enter the year in four digits'),
  cvc: z.string({ error: 'Enter the security code' }).max(8),
});
export type SandboxCardBody = z.infer<typeof sandboxCardBodySchema>;
export const sandboxPaymentMethodSchema = z.object({ id: z.string(), brand: cardBrandSchema, last4: z.string() });
