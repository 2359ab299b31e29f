import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { renderAutoResponse } from '../../shared/marketplace/render-auto-response';
import { businessNames } from '../business';
import type { ConfigSnapshot } from '../config';
import type { DB } from '../core/db/schema';
import type { CoreDeps } from '../core/deps';
import type { DomainEvents } from '../core/events/domain-events';
import { readFormData } from '../forms';
import { insertMessage, noteMessage } from './messages.repository';

/**
 * A new match's first message (docs/marketplace.md, Quote lifecycle): when the business enabled
 * the category's auto-response, it goes into the quote's thread at once as the couple reads it
 * (`renderAutoResponse`: the merge fields filled, the starting price in the category's words),
 * and `message.created` has notifications mail it to them. In the match's transaction.
 */
export async function sendAutoResponse(
  deps: Pick<CoreDeps, 'clock' | 'events'> & { schemas: () => ConfigSnapshot },
  trx: Kysely<DB>,
  match: DomainEvents['quote.created'],
): Promise<void> {
  const category = deps.schemas().config.categories.find((c) => c.id === match.category);
  if (!category) return;
  const saved = await readFormData(trx, match.vendorId, category.forms.autoResponse);
  if (!saved) return;
  const response = renderAutoResponse({
    saved,
    category,
    businessName: (await businessNames(trx, [match.vendorId])).get(match.vendorId) ?? 'Your vendor',
    couple: { name: match.customerName, email: match.customerEmail },
    event: { date: match.eventDate, guests: match.guests, location: match.location },
  });
  if (!response) return;
  const { body } = response;
  const id = randomUUID();
  const now = deps.clock.now();
  // Mailed at once, alone (notifications, on `message.created`): the couple's first word from the business.
  await insertMessage(trx, { id, quote_id: match.quoteId, sender: 'vendor', body, automatic: 1, read_at: null, mailed_at: now, created_at: now });
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
