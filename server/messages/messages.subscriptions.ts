import type { ConfigSnapshot } from '../config';
import type { CoreDeps } from '../core/deps';
import { sendAutoResponse } from './auto-response';
import { openThread, setThreadStatus } from './messages.repository';

/**
 * A new match opens its thread (and gets the business's auto-response as its first message, when
 * it has one on); a quote's change of status reaches its thread, so the inbox says where each stands.
 */
export function subscribeMessages(deps: Pick<CoreDeps, 'events' | 'clock'> & { schemas: () => ConfigSnapshot }): void {
  // In the match's transaction, not a job of its own: the match is itself a job (no one waits on
  // it), and a match never exists without its thread and first message (a couple who opens a
  // vendor's conversation once the page says "Sent to N vendors" finds the auto-response there);
  // a failure rolls the whole match back and its job runs it again.
  deps.events.subscribe('quote.created', async (match, { trx }) => {
    await openThread(trx, {
      quote_id: match.quoteId,
      vendor_id: match.vendorId,
      request_id: match.requestId,
      category_id: match.category,
      customer_name: match.customerName,
      event_date: match.eventDate,
      quote_status: 'potential',
      last_message_at: null,
      last_sender: null,
      last_body: null,
      vendor_unread: 0,
      customer_unread: 0,
      last_mailed_at: null,
      couple_mailed_at: null,
      created_at: deps.clock.now(),
    });
    await sendAutoResponse(deps, trx, match);
  });
  deps.events.subscribe('quote.updated', ({ quoteId, status }, { trx }) => setThreadStatus(trx, quoteId, status));
}
