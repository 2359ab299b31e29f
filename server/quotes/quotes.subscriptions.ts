import { closeWithdrawn } from './couple.service';
import { matchConfirmedRequest } from './matches';
import type { QuotesDeps } from './quotes.deps';

/** The quotes module answers the couple's request: matched once confirmed, its quotes closed once withdrawn. */
export function subscribeQuotes(deps: QuotesDeps): void {
  deps.events.subscribe('request.confirmed', ({ requestId }, { trx }) => matchConfirmedRequest(deps, trx, requestId));
  deps.events.subscribe('request.withdrawn', ({ requestId }, { trx }) => closeWithdrawn(deps, trx, requestId));
}
