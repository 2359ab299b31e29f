import type { Selectable } from 'kysely';

/** Days a business takes no requests for: `from_date` to `to_date`, inclusive (`YYYY-MM-DD`). */
export interface BlackoutDatesTable {
  id: string;
  vendor_id: string;
  from_date: string;
  to_date: string;
  note: string | null;
  /** `manual`, or `import` for days imported from a calendar file. */
  source: 'manual' | 'import';
  created_at: number;
}

/** A business's calendar feed: its link is signed with `secret`; a new secret revokes the old link. */
export interface CalendarFeedsTable {
  vendor_id: string;
  secret: string;
  created_at: number;
}

export interface AvailabilityTables {
  blackout_dates: BlackoutDatesTable;
  calendar_feeds: CalendarFeedsTable;
}

export type BlackoutRow = Selectable<BlackoutDatesTable>;

// The module's tables join the database's type (core/db/schema.ts) from here: core names no module.
declare module '../core/db/schema' {
  interface DB extends AvailabilityTables {}
}
