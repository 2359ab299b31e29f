import type { Selectable } from 'kysely';

/** One row per business that has touched its profile images; file names are under the uploads folder. */
export interface ProfilesTable {
  vendor_id: string;
  logo_file: string | null;
  logo_width: number | null;
  logo_height: number | null;
  updated_at: number;
}

export interface ProfilePhotosTable {
  id: string;
  vendor_id: string;
  /** The photo, longest side at most 1600 px. */
  file: string;
  /** A 400 × 400 crop for grids. */
  thumb_file: string;
  width: number;
  height: number;
  /** Order in the gallery, from 0. */
  position: number;
  created_at: number;
}

/** The profile module's tables. */
export interface ProfileTables {
  profiles: ProfilesTable;
  profile_photos: ProfilePhotosTable;
}

export type ProfileRow = Selectable<ProfilesTable>;
export type ProfilePhotoRow = Selectable<ProfilePhotosTable>;

// The module's tables join the database's type (core/db/schema.ts) from here: core names no module.
declare module '../core/db/schema' {
  interface DB extends ProfileTables {}
}
