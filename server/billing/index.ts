/**
 * The billing module (docs/billing.md): plans, subscriptions, credit packs and the card, paid
 * through a `PaymentProvider`. Billing logic talks only to that interface; the built-in sandbox
 * (Stripe's test mode, played locally) is one implementation of it, chosen in `createBilling`.
 * Proration and money formatting are in `shared/billing/`.
 */
export { createBilling, type Billing, type BillingSettings } from './create-billing';
export type { BillingDeps } from './billing.deps';
export { choosePlan, setPaymentMethod } from './vendor-payments';
export type * from './payment-provider';
export {
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  signWebhook,
  verifyWebhookSignature,
  type VerifyWebhookInput,
  type WebhookSignatureCheck,
  type WebhookSignatureRefusal,
} from './webhook-signature';
export { billingMigrations } from './migrations';
