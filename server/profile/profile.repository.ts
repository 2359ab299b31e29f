import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { ProfilePhotoRow, ProfileRow } from './profile.table';

/**
 * Creates the business's profile row or touches it. Every profile write does this first in its
 * transaction: on PostgreSQL the row lock makes one business's uploads queue, so the gallery
 * limit and the single logo hold under concurrent requests (SQLite's are IMMEDIATE already).
 */
export async function lockProfile(db: Kysely<DB>, vendorId: string, now: number): Promise<void> {
  await db
    .insertInto('profiles')
    .values({ vendor_id: vendorId, logo_file: null, logo_width: null, logo_height: null, updated_at: now })
    .onConflict((oc) => oc.column('vendor_id').doUpdateSet({ updated_at: now }))
    .execute();
}

export function findProfile(db: Kysely<DB>, vendorId: string): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('vendor_id', '=', vendorId).executeTakeFirst();
}

/** Sets (or, with null, clears) the logo. */
export async function setLogo(db: Kysely<DB>, vendorId: string, logo: { file: string; width: number; height: number } | null, now: number): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ logo_file: logo?.file ?? null, logo_width: logo?.width ?? null, logo_height: logo?.height ?? null, updated_at: now })
    .where('vendor_id', '=', vendorId)
    .execute();
}

/** The gallery in display order. */
export function listPhotos(db: Kysely<DB>, vendorId: string): Promise<ProfilePhotoRow[]> {
  return db.selectFrom('profile_photos').selectAll().where('vendor_id', '=', vendorId).orderBy('position').orderBy('created_at').execute();
}

export async function countPhotos(db: Kysely<DB>, vendorId: string): Promise<number> {
  const row = await db
    .selectFrom('profile_photos')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('vendor_id', '=', vendorId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Adds a photo at the end of the gallery. */
export async function insertPhotoLast(db: Kysely<DB>, row: Omit<ProfilePhotoRow, 'position'>): Promise<ProfilePhotoRow> {
  const last = await db
    .selectFrom('profile_photos')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('vendor_id', '=', row.vendor_id)
    .executeTakeFirst();
  const photo = { ...row, position: last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1 };
  await db.insertInto('profile_photos').values(photo).execute();
  return photo;
}

export function findPhoto(db: Kysely<DB>, vendorId: string, id: string): Promise<ProfilePhotoRow | undefined> {
  return db.selectFrom('profile_photos').selectAll().where('vendor_id', '=', vendorId).where('id', '=', id).executeTakeFirst();
}

/** Deletes one of the business's photos; false if it has no photo with that id. */
export async function deletePhoto(db: Kysely<DB>, vendorId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('profile_photos').where('vendor_id', '=', vendorId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function setPhotoPosition(db: Kysely<DB>, vendorId: string, id: string, position: number): Promise<void> {
  await db.updateTable('profile_photos').set({ position }).where('vendor_id', '=', vendorId).where('id', '=', id).execute();
}

/** Every stored image file of a business: the logo, and each gallery photo with its thumbnail. */
export async function listFiles(db: Kysely<DB>, vendorId: string): Promise<string[]> {
  const [profile, photos] = await Promise.all([findProfile(db, vendorId), listPhotos(db, vendorId)]);
  return [...(profile?.logo_file ? [profile.logo_file] : []), ...photos.flatMap((photo) => [photo.file, photo.thumb_file])];
}
