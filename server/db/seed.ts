import type { AuthDeps } from '../auth/auth.service';
import * as authRepo from '../auth/auth.repository';
import { register } from '../auth/auth.service';
import { completeOnboarding } from '../vendor/vendor.repository';

/** The demo account `npm start` prints: an onboarded bakery, so it opens on the dashboard. */
export const DEMO_ACCOUNT = { email: 'demo@vowly.test', password: 'wedding-cake-2026', businessName: 'Sweet Tiers Bakery' } as const;
const BAKERY = 1;

/** Creates the demo vendor once; a later start leaves it (and any changes made to it) alone. */
export async function seedDemoAccount(deps: AuthDeps): Promise<'created' | 'exists'> {
  if (await authRepo.findUserByEmail(deps.database.db, DEMO_ACCOUNT.email)) return 'exists';
  const { vendor } = await register(deps, { ...DEMO_ACCOUNT });
  await completeOnboarding(deps.database.db, String(vendor.vendor_id), [BAKERY], deps.now());
  return 'created';
}
