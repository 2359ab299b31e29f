import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { BillingDeps } from './billing.deps';
import type { InvoiceRow } from './billing.table';
import { noticeOf } from './payment-status';

/* Receipts (docs/billing.md, Receipts): every paid invoice is announced once, with what its receipt states. */

/** The route of a receipt's page (schemas/routes.json); the path is the client's fallback too. */
const RECEIPT_ROUTE = 'billing-receipt';
const RECEIPT_PATH = '/billing/receipts/:id';

/** The receipt's page in the dashboard, from the route table, so the mail links where the menu does. */
function receiptLink(deps: Pick<BillingDeps, 'schemas' | 'publicUrl'>, invoiceId: string): string {
  const path = deps.schemas().table.byName(RECEIPT_ROUTE)?.path ?? RECEIPT_PATH;
  return `${deps.publicUrl}${path.replace(':id', encodeURIComponent(invoiceId))}`;
}

/**
 * Publishes `billing.payment-succeeded` for an invoice just paid, in the transaction that marks it
 * paid: the settlement claims each attempt once, so each invoice is announced (and its receipt
 * mailed by notifications) once, whether the caller or the provider's webhook settled it.
 */
export async function announcePayment(
  deps: BillingDeps,
  trx: Kysely<DB>,
  invoice: InvoiceRow,
  paid: { paidAt: number; card: { brand: string; last4: string } },
): Promise<void> {
  await deps.events.publish(trx, 'billing.payment-succeeded', {
    ...(await noticeOf(deps, trx, invoice.vendor_id)),
    invoiceId: invoice.id,
    description: invoice.description,
    credits: Number(invoice.credits ?? 0),
    amountCents: Number(invoice.amount_cents),
    currency: invoice.currency,
    paidAt: paid.paidAt,
    card: paid.card,
    seller: deps.schemas().config.app.seller,
    receiptLink: receiptLink(deps, invoice.id),
  });
}
