import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import { ONBOARDING_FORM_ID, readFormData } from '../forms';
import * as repo from './profile.repository';
import { PROFILE_FORM_ID } from './profile.service';

/** What the listing has, for completeness and hints: a logo, how many gallery photos, an about text. */
export interface ProfileFacts {
  hasLogo: boolean;
  photos: number;
  hasAbout: boolean;
}

const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** The listing's facts as `GET /api/profile` shows them (onboarding's description stands in for about until the profile is first saved). */
export async function profileFacts(db: Kysely<DB>, vendorId: string): Promise<ProfileFacts> {
  const [profile, photos, edited, onboarding] = await Promise.all([
    repo.findProfile(db, vendorId),
    repo.countPhotos(db, vendorId),
    readFormData(db, vendorId, PROFILE_FORM_ID),
    readFormData(db, vendorId, ONBOARDING_FORM_ID),
  ]);
  const about = edited ? edited.about : onboarding?.short_description;
  return { hasLogo: Boolean(profile?.logo_file), photos, hasAbout: hasText(about) };
}
