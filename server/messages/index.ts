/**
 * The messages module: one thread per quote between the business's team and the couple (docs/marketplace.md:
 * Messages). A new match opens it, with the business's auto-response when it has one on; the
 * inbox reads its own view of the threads, kept in step with the quotes' events. Each business
 * keeps its quick replies (saved texts, two ready-made ones to start with).
 */
import type { Kysely } from 'kysely';
import type { Message } from '../../shared/contracts/messages';
import type { DB } from '../core/db/schema';
import type { CoreDeps } from '../core/deps';
import { quotesWithVendorMessages, unreadCounts } from './messages.repository';
import { vendorWriteIn } from './messages.service';

export { defineMessageJobs } from './couple-mail';
export { messagesMigrations } from './migrations';
export { messagesRouter } from './messages.router';
export { subscribeMessages } from './messages.subscriptions';

/** Per quote, the business's messages the customer has not read yet. */
export function unreadFromVendor(db: Kysely<DB>, quoteIds: readonly string[]): Promise<Map<string, number>> {
  return unreadCounts(db, quoteIds, 'vendor');
}

/** Of these quotes, those whose business has written to the customer (an auto-response counts). */
export function vendorHasWritten(db: Kysely<DB>, quoteIds: readonly string[]): Promise<Set<string>> {
  return quotesWithVendorMessages(db, quoteIds);
}

/**
 * The business writes to the couple of this quote in `trx`, the transaction of the caller's own
 * change (a decline that sends a quick reply): stored, its mail planned and published with it, or not at all.
 */
export function writeToCouple(deps: Pick<CoreDeps, 'clock' | 'events' | 'jobs'>, trx: Kysely<DB>, quoteId: string, body: string): Promise<Message> {
  return vendorWriteIn(deps, trx, quoteId, body);
}
