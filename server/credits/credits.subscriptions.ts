import type { CoreDeps } from '../core/deps';
import { grantCredits } from './credits.service';

/** A new business starts with the trial credits of `schemas/plans.json` (docs/marketplace.md). */
export function subscribeCredits(deps: Pick<CoreDeps, 'events' | 'clock'>, trialCredits: () => number): void {
  deps.events.subscribe('business.created', async ({ vendorId }, { trx }) => {
    await grantCredits(deps, trx, { vendorId, amount: trialCredits(), reason: 'trial', note: 'Welcome credits to quote your first requests' });
  });
}
