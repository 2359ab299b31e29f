import type { ConfigSnapshot } from '../config';
import type { CoreDeps } from '../core/deps';
import { sendAutoResponse } from './auto-response';

/** A new match gets the business's auto-response as its first message, when it has one on. */
export function subscribeMessages(deps: Pick<CoreDeps, 'events' | 'clock'> & { schemas: () => ConfigSnapshot }): void {
  deps.events.subscribe('quote.created', (match, { trx }) => sendAutoResponse(deps, trx, match));
}
