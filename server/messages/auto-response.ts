import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fillMergeFields } from '../../shared/forms/fill-merge-fields';
import { formatEventDate } from '../../shared/marketplace/format-event-date';
import { categoryRouteNames } from '../../shared/routes/category-routes';
import { businessNames } from '../business';
import type { ConfigSnapshot } from '../config';
import type { DB } from '../core/db/schema';
import type { CoreDeps } from '../core/deps';
import type { DomainEvents } from '../core/events/domain-events';
import { readFormData } from '../forms';
import { insertMessage, noteMessage } from './messages.repository';

const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/**
 * A new match's first message (README: Marketplace, Quote lifecycle): when the business enabled
 * the category's auto-response, its text with the merge fields filled (and its starting price)
 * goes into the quote's thread at once (`message.created`: notifications mail it to the customer).
 * In the match's transaction.
 */
export async function sendAutoResponse(
  deps: Pick<CoreDeps, 'clock' | 'events'> & { schemas: () => ConfigSnapshot },
  trx: Kysely<DB>,
  match: DomainEvents['quote.created'],
): Promise<void> {
  const category = deps.schemas().config.categoryFiles.find((c) => c.id === match.category);
  if (!category) return;
  const form = await readFormData(trx, match.vendorId, categoryRouteNames(category).autoResponse);
  if (!form || form.enabled !== true || typeof form.message !== 'string' || form.message.trim() === '') return;
  const businessName = (await businessNames(trx, [match.vendorId])).get(match.vendorId) ?? 'Your vendor';
  const firstName = match.customerName.trim().split(/\s+/)[0] ?? match.customerName;
  const text = fillMergeFields(form.message, {
    customer_name: firstName,
    event_date: formatEventDate(match.eventDate),
    category: category.serviceName ?? category.label.toLowerCase(),
    guests: String(match.guests),
    location: match.location,
    business_name: businessName,
  });
  const body = typeof form.starting_price === 'number' ? `${text}\n\nPackages start at ${price.format(form.starting_price)}.` : text;
  const id = randomUUID();
  const now = deps.clock.now();
  await insertMessage(trx, { id, quote_id: match.quoteId, sender: 'vendor', body, automatic: 1, read_at: null, created_at: now });
  await noteMessage(trx, match.quoteId, { sender: 'vendor', body, at: now }, null);
  await deps.events.publish(trx, 'message.created', {
    messageId: id,
    quoteId: match.quoteId,
    requestId: match.requestId,
    vendorId: match.vendorId,
    from: 'vendor',
    automatic: true,
    body,
    customerName: match.customerName,
    customerEmail: match.customerEmail,
    mailTeam: false,
  });
}
