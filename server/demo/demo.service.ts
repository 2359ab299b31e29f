import { createAbility } from '../../shared/ability/create-ability';
import { ROLES, rulesForRole } from '../../shared/ability/roles';
import { DEMO_ACCOUNT, DELETE_DEMO_COMMAND, findUserByEmail, type Logins } from '../auth';
import type { AuthContext } from '../core/http/require-auth';
import { ONBOARDING_FORM_ID, saveForm, type FormsDeps } from '../forms';
import { seedDemoMarketplace } from './demo-marketplace';

const BAKERY = 1;
/** Onboarding's answers, as the demo bakery would type them. */
const DEMO_ONBOARDING = {
  business_name: DEMO_ACCOUNT.businessName,
  vendor_type_ids: [BAKERY],
  contact_phone: '+1 512 555 0142',
  website: 'https://sweettiers.example.com',
  city: 'Austin, TX',
  service_radius_miles: 60,
  short_description: 'Tiered wedding cakes, dessert tables and tastings for couples in Central Texas.',
};
/** The bakery's compulsory screen after onboarding: its auto-response. */
const DEMO_AUTO_RESPONSE = {
  enabled: true,
  message:
    'Hi {customer_name}, thank you for thinking of Sweet Tiers for your wedding cake on {event_date}! We will send a detailed quote with flavours and tasting dates within a day.',
  starting_price: 350,
};

/** The bakery's settings: what it bakes and for how many (matching's fit rules read them). */
const DEMO_SETTINGS = {
  product_types: ['Wedding cakes', 'Cupcakes', 'Cookies', 'Macarons', 'Pies', 'Dessert tables'],
  price_per_slice: 7.5,
  min_servings: 30,
  max_tiers: 7,
  cake_flavors: ['Vanilla', 'Chocolate', 'Red velvet', 'Lemon', 'Almond', 'Salted caramel'],
  dietary_options: ['Gluten-free', 'Vegan', 'Nut-free'],
  delivery_available: true,
  delivery_fee: 75,
  setup_included: true,
  tastings_available: true,
  tasting_fee: 40,
  lead_time_weeks: 2,
};

/** What the seed needs: auth's logins (to register, to end the demo's sessions) and the forms' deps (to save as the vendor would). */
export interface DemoDeps extends FormsDeps {
  logins: Pick<Logins, 'register' | 'endSessions'>;
}

/**
 * Creates the demo vendor once, the way a vendor gets there: registration, onboarding as a bakery
 * (with its effects: the bakery's auto-response becomes compulsory), then that auto-response, so
 * it opens on the dashboard, its settings, and a month of couples' requests in every state. A
 * later start leaves it (and any changes made to it) alone.
 */
export async function seedDemoAccount(deps: DemoDeps): Promise<'created' | 'exists'> {
  if (await findUserByEmail(deps.database.db, DEMO_ACCOUNT.email)) return 'exists';
  const { vendor } = await deps.logins.register({ ...DEMO_ACCOUNT });
  const owner: AuthContext = {
    userId: String(vendor.id),
    vendorId: String(vendor.vendor_id),
    role: ROLES.owner,
    sessionId: 'demo-seed',
    ability: createAbility(rulesForRole(ROLES.owner)),
  };
  await saveForm(deps, owner, ONBOARDING_FORM_ID, DEMO_ONBOARDING);
  await saveForm(deps, owner, 'auto-response-bakery', DEMO_AUTO_RESPONSE);
  await saveForm(deps, owner, 'update-bakery-settings', DEMO_SETTINGS);
  await seedDemoMarketplace(deps, owner);
  return 'created';
}

/**
 * In production a demo account left from development must not be usable: its sessions end now
 * (sign-in is refused by the auth module) and the operator is told to delete it.
 */
export async function retireDemoAccount(deps: Pick<DemoDeps, 'database' | 'logger' | 'logins'>): Promise<boolean> {
  const demo = await findUserByEmail(deps.database.db, DEMO_ACCOUNT.email);
  if (!demo) return false;
  await deps.database.writeTransaction((trx) => deps.logins.endSessions(trx, demo.id));
  deps.logger.warn(
    `the demo account ${DEMO_ACCOUNT.email} exists in this production database: it cannot sign in and its sessions were ended; delete it with \`${DELETE_DEMO_COMMAND}\``,
    { userId: demo.id },
  );
  return true;
}
