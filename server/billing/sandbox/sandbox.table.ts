import type { Selectable } from 'kysely';

/** The sandbox provider's own records, as Stripe keeps them on its side. */
export interface SandboxCustomersTable {
  id: string;
  business_id: string;
  email: string;
  idempotency_key: string;
  created_at: number;
}

/** A tokenised card: brand, last 4, expiry and how the test card behaves. Never the number or CVC. */
export interface SandboxPaymentMethodsTable {
  id: string;
  customer_id: string | null;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  declines_on_attach: number;
  fails_charges_with: string | null;
  created_at: number;
}

export interface SandboxChargesTable {
  id: string;
  idempotency_key: string;
  customer_id: string;
  payment_method_id: string;
  amount_cents: number;
  currency: string;
  description: string;
  /** JSON object of the caller's ids. */
  metadata: string;
  status: 'succeeded' | 'failed';
  failure_reason: string | null;
  refunded_cents: number;
  created_at: number;
}

export interface SandboxRefundsTable {
  id: string;
  idempotency_key: string;
  charge_id: string;
  amount_cents: number;
  reason: string | null;
  created_at: number;
}

export interface SandboxTables {
  sandbox_customers: SandboxCustomersTable;
  sandbox_payment_methods: SandboxPaymentMethodsTable;
  sandbox_charges: SandboxChargesTable;
  sandbox_refunds: SandboxRefundsTable;
}

export type SandboxChargeRow = Selectable<SandboxChargesTable>;

// The module's tables join the database's type (core/db/schema.ts) from here: core names no module.
declare module '../../core/db/schema' {
  interface DB extends SandboxTables {}
}
