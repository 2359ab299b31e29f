import type { Selectable } from 'kysely';

/** The thread of a quote between the business and the customer. */
export interface MessagesTable {
  id: string;
  quote_id: string;
  sender: 'vendor' | 'customer';
  body: string;
  /** 1 for the auto-response sent when the match was made. */
  automatic: number;
  read_at: number | null;
  created_at: number;
}

export interface MessagesTables {
  messages: MessagesTable;
}

export type MessageRow = Selectable<MessagesTable>;

// The module's tables join the database's type (core/db/schema.ts) from here: core names no module.
declare module '../core/db/schema' {
  interface DB extends MessagesTables {}
}
