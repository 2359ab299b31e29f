import type { Kysely } from 'kysely';
import { instagramUrl } from '../../shared/validators/instagram-handle';
import { isValidUrl } from '../../shared/validators/url';
import type { DB } from '../core/db/schema';
import { ONBOARDING_FORM_ID, readFormData } from '../forms';

/** The form (and route) of the profile's texts; its data is stored by the forms API. */
export const PROFILE_FORM_ID = 'edit-profile';

/** The listing's texts and contact details as saved, each checked once; what the editor, the public profile and the completeness facts read. */
export interface Listing {
  about: string | null;
  serviceArea: string | null;
  /** Onboarding's city as typed (the public side labels it through the gazetteer). */
  city: string | null;
  serviceRadiusMiles: number | null;
  /** Onboarding's phone, whether or not it is shown publicly. */
  phone: string | null;
  /** "Show my phone number / email address on my public page" (both off until turned on). */
  shown: { phone: boolean; email: boolean };
  links: { website: string | null; instagram: string | null; facebook: string | null };
  /** Whether the profile form was ever saved. */
  saved: boolean;
}

/** A saved answer as the listing shows it: trimmed, or null when it is not text or is blank. */
export const listingText = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const urlOf = (value: unknown) => (typeof value === 'string' && isValidUrl(value) ? value : null);
/** A handle (`@petalandstem`) links to its profile; an address saved before handles is kept if valid. */
const instagramOf = (value: unknown) => (typeof value === 'string' ? urlOf(instagramUrl(value)) : null);

function listingOf(edited: Record<string, unknown> | null, onboarding: Record<string, unknown> | null): Listing {
  const own = edited ?? {};
  const basics = onboarding ?? {};
  // Until the profile is first saved, onboarding's website stands in; after that a field the vendor
  // cleared stays empty. The about text is asked here only (docs/architecture.md: One question, one place).
  const texts = edited ? own : { about: undefined, website: basics.website };
  const radius = basics.service_radius_miles;
  return {
    about: listingText(texts.about),
    serviceArea: listingText(own.service_area),
    city: listingText(basics.city),
    serviceRadiusMiles: typeof radius === 'number' ? radius : null,
    phone: listingText(basics.contact_phone),
    shown: { phone: own.show_phone === true, email: own.show_email === true },
    links: { website: urlOf(texts.website), instagram: instagramOf(own.instagram), facebook: urlOf(own.facebook) },
    saved: Boolean(edited),
  };
}

/**
 * The business's listing: the `edit-profile` texts, with onboarding's website standing in until
 * the profile is first saved; city, radius and phone always come from onboarding.
 */
export async function readListing(db: Kysely<DB>, vendorId: string): Promise<Listing> {
  const [edited, onboarding] = await Promise.all([readFormData(db, vendorId, PROFILE_FORM_ID), readFormData(db, vendorId, ONBOARDING_FORM_ID)]);
  return listingOf(edited, onboarding);
}
