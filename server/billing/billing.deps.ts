import { ForbiddenError } from '@casl/ability';
import type { PlansFile } from '../../shared/contracts/plans';
import type { ConfigSnapshot } from '../config';
import type { CoreDeps } from '../core/deps';
import { AppError } from '../core/http/app-error';
import type { AuthContext } from '../core/http/require-auth';
import type { ChargeFailureReason, PaymentProvider } from './payment-provider';

/*
 * What every billing use case stands on: its dependencies, the plans, the jobs' names and
 * payloads, the charge types and the owner-only rule (docs/billing.md).
 */

export interface BillingDeps extends CoreDeps {
  schemas: () => ConfigSnapshot;
  provider: PaymentProvider;
}

/** A plan of the plans file. */
export type Plan = PlansFile['plans'][number];

/** Renewal jobs and the dunning retries (docs/billing.md). */
export const BILLING_JOBS = { renew: 'billing.renew', retry: 'billing.retry-invoice', webhook: 'billing.webhook' } as const;

/** Days after a failed renewal when its invoice is charged again; after the last, the subscription is canceled. */
export const DUNNING_RETRY_DAYS = [3, 5] as const;

/** One day, in ms. */

/** What made a charge: the vendor, the renewal on the clock, or a dunning retry. Carried in the charge's metadata. */
export type ChargeTrigger = 'vendor' | 'renewal' | 'dunning';

/** What one charge attempt came to, from the provider's answer or its webhook. */
export type ChargeOutcome =
  | { status: 'succeeded'; chargeId: string }
  | { status: 'failed'; chargeId: string | null; reason: ChargeFailureReason; message: string };

/** The card a charge is taken from. */
export type Card = { customerId: string; paymentMethodId: string; brand: string; last4: string };

/** The renewal job's payload: the period it ends. */
export interface RenewJob {
  vendorId: string;
  periodEnd: number;
}

/** A dunning retry's payload. */
export interface RetryJob {
  invoiceId: string;
  /** 1 for the first dunning retry. */
  step: number;
}

/** The plans file in force (plans, credit packs, currency). */
export function plansOf(deps: Pick<BillingDeps, 'schemas'>): PlansFile {
  return deps.schemas().config.plans;
}

/** A plan by id; null for none or one no longer offered. */
export function planById(deps: Pick<BillingDeps, 'schemas'>, id: string | null): Plan | null {
  return id === null ? null : (plansOf(deps).plans.find((plan) => plan.id === id) ?? null);
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** A date as invoices and previews write it: "Nov 27, 2026". */
export const day = (ms: number) => dateFormat.format(ms);

/** Billing is the owner's: a 403 for anyone else. */
export function requireOwner(auth: AuthContext): void {
  ForbiddenError.from(auth.ability).setMessage('Only the account owner can see and change billing.').throwUnlessCan('manage', 'Billing');
}

/** A 402 for a declined card, with what the vendor can do. */
export function declined(message: string): AppError {
  return new AppError(402, 'card-declined', message);
}
