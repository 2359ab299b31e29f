import type { Kysely } from 'kysely';
import { categoriesOf, findVendor } from '../business';
import type { ConfigSnapshot } from '../config';
import type { DB } from '../core/db/schema';
import { AppError } from '../core/http/app-error';
import { savedFormIds } from '../forms';
import { profileFacts, type ProfileFacts } from '../profile';

/** Photos a complete profile has in its gallery. */
export const COMPLETE_GALLERY = 5;

/** One of the business's categories as its setup sees it: its forms, whether each is saved, and where to fill it in. */
export interface CategorySetup {
  id: string;
  label: string;
  /** Null when the category has no settings form (nothing to save). */
  settings: { saved: boolean; path: string } | null;
  autoResponse: { saved: boolean; path: string };
}

/** What the business has set up: its categories' forms and its listing, with the app paths that fix what is missing. */
export interface SetupState {
  vendorId: string;
  businessName: string;
  categories: CategorySetup[];
  profile: ProfileFacts;
  paths: { editProfile: string; potentialMatches: string };
}

/**
 * Reads the business's setup from the modules that own each piece: its categories (business), the
 * forms it saved (forms), its logo, photos and about (profile), and the route table for paths.
 */
export async function setupState(db: Kysely<DB>, schemas: () => ConfigSnapshot, vendorId: string): Promise<SetupState> {
  const vendor = await findVendor(db, vendorId);
  if (!vendor) throw new AppError(404, 'not-found', 'This business no longer exists.');
  const { config, table } = schemas();
  // A route the schemas dropped still gets a link: the path it had by default.
  const pathOf = (name: string, fallback: string) => table.byName(name)?.path ?? fallback;
  const categories = categoriesOf(vendor).flatMap((typeId) => config.categories.filter((category) => category.vendorTypeId === typeId));
  const formIds = categories.flatMap((category) => [category.forms.autoResponse, ...(category.forms.settings ? [category.forms.settings] : [])]);
  const [saved, profile] = await Promise.all([savedFormIds(db, vendorId, formIds), profileFacts(db, vendorId)]);
  return {
    vendorId,
    businessName: vendor.business_name,
    categories: categories.map((category) => ({
      id: category.id,
      label: category.label,
      settings: category.forms.settings
        ? { saved: saved.has(category.forms.settings), path: pathOf(category.routes.settings ?? category.forms.settings, `/${category.forms.settings}`) }
        : null,
      autoResponse: {
        saved: saved.has(category.forms.autoResponse),
        path: pathOf(category.routes.autoResponse, `/auto-response/${category.slugs.autoResponse}`),
      },
    })),
    profile,
    paths: { editProfile: pathOf('edit-profile', '/edit-profile'), potentialMatches: pathOf('potential-matches', '/potential-matches') },
  };
}
