import { closeWithdrawn } from './couple.service';
import { queueMatch } from './matches';
import type { QuotesDeps } from './quotes.deps';
import { recordFirstResponse } from './response-time';

/**
 * The quotes module answers the couple's request: matched once confirmed (by a job), its quotes
 * closed once withdrawn. It also notes the business's first answer to each lead (its response
 * time): its quote or decline (a vendor's move out of `potential`), or a message it wrote (an
 * auto-response is not an answer).
 */
export function subscribeQuotes(deps: QuotesDeps): void {
  deps.events.subscribe('request.confirmed', ({ requestId }, { trx }) => queueMatch(deps, trx, requestId));
  deps.events.subscribe('request.withdrawn', ({ requestId }, { trx }) => closeWithdrawn(deps, trx, requestId));
  // The first answer is written in the answer's own transaction, not by a job: it is one conditional
  // UPDATE of the quote's row (a job would cost the same statement, its insert, plus a run later),
  // and the dashboard's response rate, read right after the answer, must already count it.
  deps.events.subscribe('quote.updated', async ({ quoteId, actor, previous }, { trx }) => {
    if (actor === 'vendor' && previous === 'potential') await recordFirstResponse(deps, trx, quoteId);
  });
  deps.events.subscribe('message.created', async ({ quoteId, from, automatic }, { trx }) => {
    if (from === 'vendor' && !automatic) await recordFirstResponse(deps, trx, quoteId);
  });
}
