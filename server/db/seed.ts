import type { AuthDeps } from '../auth/auth.service';
import * as authRepo from '../auth/auth.repository';
import { register } from '../auth/auth.service';

/** The demo account `npm start` prints. */
export const DEMO_ACCOUNT = { email: 'demo@vowly.test', password: 'wedding-cake-2026', businessName: 'Sweet Tiers Bakery' } as const;

/** Creates the demo vendor once; a later start leaves it (and any changes made to it) alone. */
export async function seedDemoAccount(deps: AuthDeps): Promise<'created' | 'exists'> {
  if (await authRepo.findUserByEmail(deps.database.db, DEMO_ACCOUNT.email)) return 'exists';
  await register(deps, { ...DEMO_ACCOUNT });
  return 'created';
}
