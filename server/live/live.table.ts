import type { Generated, Selectable } from 'kysely';

/**
 * Every live event of a business, kept for a week so a stream that reconnects with
 * `Last-Event-ID` is replayed what it missed. Ids grow in commit order within a business (see
 * live.repository.ts#storeLiveEvent).
 */
export interface LiveEventsTable {
  /** Autoincrement; the SSE `id:`. */
  id: Generated<number>;
  vendor_id: string;
  /** The SSE `event:` name (shared/contracts/live-events.ts). */
  name: string;
  /** The SSE `data:`, JSON naming the ids. */
  data: string;
  created_at: number;
}

export interface LiveTables {
  live_events: LiveEventsTable;
}

export type LiveEventRow = Selectable<LiveEventsTable>;

// The module's tables join the database's type (core/db/schema.ts) from here: core names no module.
declare module '../core/db/schema' {
  interface DB extends LiveTables {}
}
