import type { AuthDeps } from '../auth/auth.service';
import * as authRepo from '../auth/auth.repository';
import { register } from '../auth/auth.service';
import { ONBOARDING_FORM_ID } from '../forms/form-effects';
import { saveFormData } from '../forms/forms.repository';
import type { ConfigSnapshot } from '../schema-store/snapshot';
import { completeOnboarding } from '../vendor/vendor.repository';

/** The demo account `npm start` prints: an onboarded bakery, so it opens on the dashboard. */
export const DEMO_ACCOUNT = { email: 'demo@vowly.test', password: 'wedding-cake-2026', businessName: 'Sweet Tiers Bakery' } as const;
const BAKERY = 1;
/** Onboarding's answers besides the name and categories (which live on the vendor record). */
const DEMO_BASICS = {
  contact_phone: '+1 512 555 0142',
  website: 'https://sweettiers.example.com',
  city: 'Austin',
  service_radius_miles: 60,
  short_description: 'Tiered wedding cakes, dessert tables and tastings for couples in Central Texas.',
};

/** Creates the demo vendor once; a later start leaves it (and any changes made to it) alone. */
export async function seedDemoAccount(deps: AuthDeps, schemas: () => ConfigSnapshot): Promise<'created' | 'exists'> {
  if (await authRepo.findUserByEmail(deps.database.db, DEMO_ACCOUNT.email)) return 'exists';
  const { vendor } = await register(deps, { ...DEMO_ACCOUNT });
  const vendorId = String(vendor.vendor_id);
  const now = deps.now();
  await deps.database.writeTransaction(async (trx) => {
    await saveFormData(trx, { vendor_id: vendorId, form_id: ONBOARDING_FORM_ID, version: schemas().config.forms.get(ONBOARDING_FORM_ID)?.payload.version ?? 1, data: JSON.stringify(DEMO_BASICS), updated_by: String(vendor.id), updated_at: now });
    await completeOnboarding(trx, vendorId, [BAKERY], now);
  });
  return 'created';
}
