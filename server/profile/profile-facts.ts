import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import { readListing } from './profile-listing';
import * as repo from './profile.repository';

/** What the listing has, for completeness and hints: a logo, how many gallery photos, an about text. */
export interface ProfileFacts {
  hasLogo: boolean;
  photos: number;
  hasAbout: boolean;
}

/** The listing's facts as `GET /api/profile` shows them (the about text is the profile's own). */
export async function profileFacts(db: Kysely<DB>, vendorId: string): Promise<ProfileFacts> {
  const [profile, photos, listing] = await Promise.all([repo.findProfile(db, vendorId), repo.countPhotos(db, vendorId), readListing(db, vendorId)]);
  return { hasLogo: Boolean(profile?.logo_file), photos, hasAbout: listing.about !== null };
}
