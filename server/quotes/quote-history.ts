import type { Kysely } from 'kysely';
import type { QuoteStatus } from '../../shared/contracts/marketplace';
import type { DB } from '../core/db/schema';
import { findCoupleRequest, type CoupleRequest } from '../requests';
import type { QuotesDeps } from './quotes.deps';
import * as repo from './quotes.repository';
import type { QuoteRow } from './quotes.table';

/** A quote's page in the dashboard (its category's quote-detail route). */
export function vendorQuoteLink(deps: Pick<QuotesDeps, 'publicUrl' | 'schemas'>, quote: Pick<QuoteRow, 'id' | 'category_id'>): string {
  const category = deps.schemas().config.categoryFiles.find((c) => c.id === quote.category_id);
  return `${deps.publicUrl}/${category?.slugs.quoteDetail ?? quote.category_id}-quote-detail/${quote.id}`;
}

/**
 * Records a status change: its history row and `quote.updated` (what notifications need to tell
 * the couple or the business), in the transaction of the change. `request`: the quote's request
 * when the caller has read it already (it is read here otherwise).
 */
export async function quoteChanged(
  deps: Pick<QuotesDeps, 'events' | 'clock' | 'publicUrl' | 'schemas'>,
  trx: Kysely<DB>,
  quote: Pick<QuoteRow, 'id' | 'request_id' | 'vendor_id' | 'category_id' | 'customer_name' | 'event_date'>,
  change: {
    status: QuoteStatus;
    previous: QuoteStatus;
    actor: 'vendor' | 'customer' | 'system';
    note?: string | null;
    refunded?: boolean;
    closedReason?: QuoteRow['closed_reason'];
  },
  request?: CoupleRequest,
): Promise<void> {
  const now = deps.clock.now();
  await repo.insertQuoteEvent(trx, { quote_id: quote.id, status: change.status, actor: change.actor, note: change.note ?? null, created_at: now });
  if (change.status === 'accepted') await repo.markAccepted(trx, quote.id, now);
  const couple = request ?? (await findCoupleRequest(trx, quote.request_id));
  await deps.events.publish(trx, 'quote.updated', {
    quoteId: quote.id,
    requestId: quote.request_id,
    vendorId: quote.vendor_id,
    status: change.status,
    previous: change.previous,
    refunded: change.refunded ?? false,
    closedReason: change.closedReason ?? null,
    actor: change.actor,
    customerName: quote.customer_name,
    customerEmail: couple?.customerEmail ?? '',
    eventDate: quote.event_date,
    quoteLink: vendorQuoteLink(deps, quote),
  });
}
