import type { Selectable } from 'kysely';

/** A business's subscription and card as billing keeps them: the provider's ids, never a card number. */
export interface BillingAccountsTable {
  vendor_id: string;
  /** The provider's customer (`cus_…`), made with the first card. */
  customer_id: string | null;
  plan_id: string | null;
  /** A downgrade that takes effect at `current_period_end`. */
  pending_plan_id: string | null;
  /** 1: the subscription ends at `current_period_end`. */
  cancel_at_period_end: number;
  current_period_start: number | null;
  current_period_end: number | null;
  payment_method_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  /** While a payment of this business is under way (one at a time): until when. */
  busy_until: number | null;
  created_at: number;
  updated_at: number;
}

export type InvoiceKind = 'subscription' | 'renewal' | 'upgrade' | 'credits';
/** `draft`: its charge is being made (never shown); `open`: a failed renewal being retried. */
export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void';

export interface InvoicesTable {
  id: string;
  vendor_id: string;
  kind: InvoiceKind;
  status: InvoiceStatus;
  description: string;
  amount_cents: number;
  currency: string;
  plan_id: string | null;
  plan_name: string | null;
  pack_id: string | null;
  credits: number | null;
  period_start: number | null;
  period_end: number | null;
  /** Charges made for it; the charge's idempotency key is `<id>:<attempt>`. */
  attempts: number;
  /** The last attempt whose outcome was applied (by the caller or by the provider's webhook). */
  settled_attempt: number;
  /** Dunning retries done (a failed renewal: retried after 3 and 5 days). */
  dunning_step: number;
  next_attempt_at: number | null;
  charge_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  failure_reason: string | null;
  paid_at: number | null;
  /** The Idempotency-Key of the vendor's request that drafted it (a charge the vendor asked for), so a retry finds it. */
  request_key: string | null;
  created_at: number;
  updated_at: number;
}

/** Provider events received, by id: a second delivery of one is acknowledged and ignored. */
export interface BillingWebhookEventsTable {
  id: string;
  type: string;
  payload: string;
  received_at: number;
  processed_at: number | null;
}

export interface BillingTables {
  billing_accounts: BillingAccountsTable;
  invoices: InvoicesTable;
  billing_webhook_events: BillingWebhookEventsTable;
}

export type BillingAccountRow = Selectable<BillingAccountsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;

// The module's tables join the database's type (core/db/schema.ts) from here: core names no module.
declare module '../core/db/schema' {
  interface DB extends BillingTables {}
}
