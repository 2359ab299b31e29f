import { ForbiddenError } from '@casl/ability';
import type { Completeness, CompletenessItem } from '../../shared/contracts/analytics';
import type { ConfigSnapshot } from '../config';
import type { CoreDeps } from '../core/deps';
import type { AuthContext } from '../core/http/require-auth';
import { COMPLETE_GALLERY, setupState, type SetupState } from './setup-state';

/** Every piece of a complete profile, in the order a new business is asked to do them. */
export function completenessItems(state: SetupState): CompletenessItem[] {
  const edit = state.paths.editProfile;
  const items: CompletenessItem[] = [
    { id: 'logo', label: 'Add your logo', done: state.profile.hasLogo, path: edit },
    { id: 'photos', label: `Add at least ${COMPLETE_GALLERY} photos of your work`, done: state.profile.photos >= COMPLETE_GALLERY, path: edit },
    { id: 'about', label: 'Tell couples about your business', done: state.profile.hasAbout, path: edit },
  ];
  for (const category of state.categories) {
    if (category.settings) {
      items.push({ id: `settings-${category.id}`, label: `Save your ${category.label} settings`, done: category.settings.saved, path: category.settings.path });
    }
    items.push({
      id: `auto-response-${category.id}`,
      label: `Set up your ${category.label} auto-response`,
      done: category.autoResponse.saved,
      path: category.autoResponse.path,
    });
  }
  return items;
}

/**
 * `GET /api/profile/completeness` (docs/marketplace.md, Analytics): the share of the profile's
 * pieces done and each piece with where to add it. It lives in the analytics module, not profile,
 * because it reads four modules (business, forms, profile, the route table) as the dashboard's
 * hints do, and shares their reading (`setupState`); the profile module stays the listing's owner.
 */
export async function getCompleteness(deps: Pick<CoreDeps, 'database'> & { schemas: () => ConfigSnapshot }, auth: AuthContext): Promise<Completeness> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Profile');
  const items = completenessItems(await setupState(deps.database.db, deps.schemas, auth.vendorId));
  const done = items.filter((item) => item.done).length;
  return { score: items.length === 0 ? 100 : Math.round((done / items.length) * 100), items };
}
