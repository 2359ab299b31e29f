import type { LiveEventData, LiveEventName } from '../../shared/contracts/live-events';
import type { CoreDeps } from '../core/deps';
import type { EventContext } from '../core/events/event-bus';
import type { LiveBus } from './live-bus';
import { pruneLiveEvents, storeLiveEvent } from './live.repository';

/** How long events are kept for a reconnecting stream (the contract asks for at least 24 hours). */
export const LIVE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Old events are dropped on every this-many-th event stored (a delete by an index, now and then). */
const PRUNE_EVERY = 256;

/**
 * The domain events a business's open screens follow, stored as its live events in the
 * transaction that makes the change, and announced on the bus once it has committed (so a stream
 * never reads an event that is rolled back, or misses one committed before it looked).
 */
export function subscribeLive(deps: Pick<CoreDeps, 'events' | 'database' | 'clock'>, bus: LiveBus): void {
  const store = async <K extends LiveEventName>(context: EventContext, vendorId: string, name: K, data: LiveEventData<K>) => {
    const now = deps.clock.now();
    const id = await storeLiveEvent(context.trx, deps.database.dialect, { vendor_id: vendorId, name, data: JSON.stringify(data), created_at: now });
    if (id % PRUNE_EVERY === 0) await pruneLiveEvents(context.trx, now - LIVE_RETENTION_MS);
    context.afterCommit(() => bus.publish({ kind: 'events', vendorId }));
  };
  deps.events.subscribe('quote.created', (match, context) => store(context, match.vendorId, 'quote.created', { quoteId: match.quoteId }));
  deps.events.subscribe('quote.updated', (quote, context) => store(context, quote.vendorId, 'quote.updated', { quoteId: quote.quoteId, status: quote.status }));
  deps.events.subscribe('message.created', (message, context) =>
    store(context, message.vendorId, 'message.created', { quoteId: message.quoteId, messageId: message.messageId, from: message.from }),
  );
  deps.events.subscribe('messages.read', (read, context) => store(context, read.vendorId, 'messages.read', { quoteId: read.quoteId, reader: read.reader }));
  deps.events.subscribe('review.created', (review, context) =>
    store(context, review.vendorId, 'review.created', { reviewId: review.reviewId, quoteId: review.quoteId }),
  );
  deps.events.subscribe('credits.changed', (change, context) => store(context, change.vendorId, 'credits.changed', { balance: change.balance }));
  deps.events.subscribe('billing.status-changed', (change, context) => store(context, change.vendorId, 'billing.status-changed', { status: change.status }));
}
