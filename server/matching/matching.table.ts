import type { Selectable } from 'kysely';

/**
 * What matching knows of a business in one of its categories: where it is (from onboarding's
 * city), how far it travels, how much notice it needs, and its saved settings (for the
 * category's fit rules), kept in step with its forms by events. `lat`/`lng` are null while its
 * city is no known place; it is then never matched.
 */
export interface MatchingProfilesTable {
  vendor_id: string;
  category_id: string;
  lat: number | null;
  lng: number | null;
  radius_miles: number;
  notice_days: number;
  /** JSON of the category's settings form data (and onboarding's), as saved. */
  settings: string;
  /** When it was last matched (0: never), so the least recently matched go first. */
  last_matched_at: number;
}

export interface MatchingTables {
  matching_profiles: MatchingProfilesTable;
}

export type MatchingProfileRow = Selectable<MatchingProfilesTable>;

// The module's tables join the database's type (core/db/schema.ts) from here: core names no module.
declare module '../core/db/schema' {
  interface DB extends MatchingTables {}
}
