import type { Selectable } from 'kysely';
import type { QuoteStatus } from '../../shared/contracts/marketplace';

/** The thread of a quote between the business and the customer. */
export interface MessagesTable {
  id: string;
  quote_id: string;
  sender: 'vendor' | 'customer';
  body: string;
  /** 1 for the auto-response sent when the match was made. */
  automatic: number;
  read_at: number | null;
  /** The business's messages: when one went out in a mail to the couple (null while waiting for the next one, or never, when read first). */
  mailed_at: number | null;
  created_at: number;
}

/**
 * The messages module's view of each quote's thread (migration 019): whose it is, the quote's
 * status, the last message and the unread counts, so the inbox reads one table. Opened when the
 * match is made (`quote.created`), kept in step with `quote.updated` and every message.
 */
export interface MessageThreadsTable {
  quote_id: string;
  vendor_id: string;
  request_id: string;
  category_id: string;
  customer_name: string;
  /** `YYYY-MM-DD`. */
  event_date: string;
  quote_status: QuoteStatus;
  last_message_at: number | null;
  last_sender: 'vendor' | 'customer' | null;
  /** The last message's first 200 characters. */
  last_body: string | null;
  /** The couple's messages nobody in the business has read. */
  vendor_unread: number;
  /** The business's messages the couple has not read. */
  customer_unread: number;
  /** When the team was last mailed about this thread (at most one mail per 10 minutes while unread). */
  last_mailed_at: number | null;
  /** When the couple was last mailed the business's messages (at most one mail per quiet period, docs/marketplace.md: Messages). */
  couple_mailed_at: number | null;
  created_at: number;
}

/** A business's saved quick reply (migration 023): a title to pick it by and the text it puts in the box. */
export interface MessageSnippetsTable {
  id: string;
  vendor_id: string;
  /** Its place in the business's list: the order they were added in. */
  position: number;
  title: string;
  body: string;
  created_at: number;
  updated_at: number;
}

/** The businesses that were given the ready-made quick replies (once), and the row a snippet write locks. */
export interface MessageSnippetSeedsTable {
  vendor_id: string;
  created_at: number;
}

export interface MessagesTables {
  messages: MessagesTable;
  message_threads: MessageThreadsTable;
  message_snippets: MessageSnippetsTable;
  message_snippet_seeds: MessageSnippetSeedsTable;
}

export type MessageRow = Selectable<MessagesTable>;
export type MessageThreadRow = Selectable<MessageThreadsTable>;
export type MessageSnippetRow = Selectable<MessageSnippetsTable>;

// The module's tables join the database's type (core/db/schema.ts) from here: core names no module.
declare module '../core/db/schema' {
  interface DB extends MessagesTables {}
}
