import type { BillingStatus, Invoice } from '../../../../shared/contracts/billing';
import type { CreditLedgerEntry } from '../../lib/credits/api/get-credits';

/** A subscription's state in plain words, with the tag colour that goes with it. */
export const BILLING_STATUS: Record<BillingStatus, { label: string; color: string }> = {
  trialing: { label: 'Free trial', color: 'blue' },
  active: { label: 'Active', color: 'green' },
  payment_failed: { label: 'Payment failed', color: 'red' },
  canceled: { label: 'Canceled', color: 'default' },
};

/** An invoice's state in plain words. */
export const INVOICE_STATUS: Record<Invoice['status'], { label: string; color: string }> = {
  paid: { label: 'Paid', color: 'green' },
  open: { label: 'Unpaid', color: 'orange' },
  void: { label: 'Canceled', color: 'default' },
};

const REASONS: Record<CreditLedgerEntry['reason'], string> = {
  trial: 'Free credits to start',
  lead: 'Quote sent',
  refund: 'Credits returned',
  purchase: 'Credits bought',
  plan: 'Monthly plan credits',
  adjustment: 'Adjustment',
};

/** Why the balance changed, in the vendor's words (the server's note when it gave one). */
export function ledgerReason(entry: CreditLedgerEntry): string {
  return entry.note?.trim() ? entry.note : REASONS[entry.reason];
}
