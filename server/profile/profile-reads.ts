import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import { mediaUrl } from './media-store';
import * as repo from './profile.repository';
import type { ProfilePhotoRow, ProfileRow } from './profile.table';

/** Ids per `IN (…)` list: well under SQLite's and PostgreSQL's bound parameters. */
const CHUNK = 500;

/** An image as a public page shows it (width and height, so nothing jumps while it loads). */
export interface ProfileImage {
  url: string;
  width: number;
  height: number;
}

function logoOf(row: ProfileRow | undefined): ProfileImage | null {
  return row?.logo_file ? { url: mediaUrl(row.logo_file), width: Number(row.logo_width ?? 0), height: Number(row.logo_height ?? 0) } : null;
}

/** A gallery photo as the editor and the public profile show it. */
export function photoOf(row: ProfilePhotoRow) {
  return { id: row.id, url: mediaUrl(row.file), thumbUrl: mediaUrl(row.thumb_file), width: Number(row.width), height: Number(row.height) };
}

/** The business's logo and gallery (in display order) as its editor and public profile show them, and when they last changed (0: never touched). */
export async function profileImages(db: Kysely<DB>, vendorId: string) {
  const [profile, photos] = await Promise.all([repo.findProfile(db, vendorId), repo.listPhotos(db, vendorId)]);
  return { logo: logoOf(profile), gallery: photos.map(photoOf), updatedAt: Number(profile?.updated_at ?? 0) };
}

/**
 * Each business's card image, by id: its logo, else its first photo's 400 × 400 thumbnail, else
 * none (absent). Two queries per 500 businesses, whatever their number.
 */
export async function cardImages(db: Kysely<DB>, vendorIds: readonly string[]): Promise<Map<string, ProfileImage>> {
  const images = new Map<string, ProfileImage>();
  for (let i = 0; i < vendorIds.length; i += CHUNK) {
    const ids = vendorIds.slice(i, i + CHUNK);
    const [logos, photos] = await Promise.all([
      db.selectFrom('profiles').selectAll().where('vendor_id', 'in', ids).where('logo_file', 'is not', null).execute(),
      db
        .selectFrom('profile_photos')
        .select(['vendor_id', 'thumb_file', 'position', 'created_at'])
        .where('vendor_id', 'in', ids)
        .where('position', '=', (eb) =>
          eb
            .selectFrom('profile_photos as first')
            .select((f) => f.fn.min('first.position').as('p'))
            .whereRef('first.vendor_id', '=', 'profile_photos.vendor_id'),
        )
        .orderBy('created_at')
        .execute(),
    ]);
    for (const row of photos) if (!images.has(row.vendor_id)) images.set(row.vendor_id, { url: mediaUrl(row.thumb_file), width: 400, height: 400 });
    for (const row of logos) {
      const logo = logoOf(row);
      if (logo) images.set(row.vendor_id, logo);
    }
  }
  return images;
}

/** When each business's images last changed, by id (absent: never touched), in one query per 500 businesses. */
export async function imagesChangedAt(db: Kysely<DB>, vendorIds: readonly string[]): Promise<Map<string, number>> {
  const changed = new Map<string, number>();
  for (let i = 0; i < vendorIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('profiles')
      .select(['vendor_id', 'updated_at'])
      .where('vendor_id', 'in', vendorIds.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) changed.set(row.vendor_id, Number(row.updated_at));
  }
  return changed;
}
