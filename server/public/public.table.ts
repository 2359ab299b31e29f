import type { Selectable } from 'kysely';

/** Per business and UTC day (`YYYY-MM-DD`): views of its public profile and clicks on its "Request a quote". */
export interface ProfileVisitsTable {
  vendor_id: string;
  day: string;
  views: number;
  quote_clicks: number;
}

/** The public module's tables. */
export interface PublicTables {
  profile_visits: ProfileVisitsTable;
}

export type ProfileVisitRow = Selectable<ProfileVisitsTable>;

// The module's tables join the database's type (core/db/schema.ts) from here: core names no module.
declare module '../core/db/schema' {
  interface DB extends PublicTables {}
}
