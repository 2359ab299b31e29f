import type { CoreDeps } from '../core/deps';
import { rebuildProfiles, type MatchingDeps } from './matching.service';

/**
 * Keeps matching's profiles in step with the business (in the transaction of the change): a
 * saved form (onboarding's place and notice, a category's settings) and a change of services.
 */
export function subscribeMatching(deps: Pick<CoreDeps, 'events'> & Pick<MatchingDeps, 'schemas' | 'places'>): void {
  deps.events.subscribe('form.saved', ({ vendorId, categories }, { trx }) => rebuildProfiles(deps, trx, vendorId, categories));
  deps.events.subscribe('business.services-changed', ({ vendorId, categories }, { trx }) => rebuildProfiles(deps, trx, vendorId, categories));
}
