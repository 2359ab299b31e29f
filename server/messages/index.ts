/**
 * The messages module: one thread per quote between the business's team and the couple (README:
 * Messages). A new match opens it, with the business's auto-response when it has one on; the
 * inbox reads its own view of the threads, kept in step with the quotes' events.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import { quotesWithVendorMessages, unreadCounts } from './messages.repository';

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
