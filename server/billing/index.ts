/**
 * The billing module: plans, subscriptions, credit purchases and payments through a
 * `PaymentProvider`. For now only its pure foundations: the provider seam's types and webhook
 * signatures. Proration and money formatting are in `shared/billing/`; the sandbox's card rules
 * stay inside this module.
 */
export type {
  AttachFailureReason,
  AttachPaymentMethodInput,
  AttachPaymentMethodResult,
  CardBrand,
  ChargeFailureReason,
  ChargeInput,
  ChargeResult,
  CreateCustomerInput,
  PaymentMethodSummary,
  PaymentProvider,
  RefundFailureReason,
  RefundInput,
  RefundResult,
  VerifyWebhookDeliveryInput,
  WebhookEvent,
  WebhookEventType,
  WebhookRefusal,
  WebhookVerification,
} from './payment-provider';
export {
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  signWebhook,
  verifyWebhookSignature,
  type VerifyWebhookInput,
  type WebhookSignatureCheck,
  type WebhookSignatureRefusal,
} from './webhook-signature';
