import { createAbility } from '../../shared/ability/create-ability';
import { ROLES, rulesForRole } from '../../shared/ability/roles';
import { DEMO_ACCOUNT, DELETE_DEMO_COMMAND, findUserByEmail, type Logins } from '../auth';
import { choosePlan, setPaymentMethod, type Billing } from '../billing';
import type { AdjustableClock } from '../core/clock';
import type { JobRunner } from '../core/jobs/job-runner';
import type { AuthContext } from '../core/http/require-auth';
import { ONBOARDING_FORM_ID, saveForm, type FormsDeps } from '../forms';
import { DEMO_STORY_DAYS, tellDemoMarketplace } from './demo-marketplace';
import { createStoryTime } from './story-time';
import { DAY_MS, HOUR_MS } from '../../shared/time/durations';

const BAKERY = 1;
/** Onboarding's answers, as the demo bakery would type them. */
const DEMO_ONBOARDING = {
  business_name: DEMO_ACCOUNT.businessName,
  vendor_type_ids: [BAKERY],
  contact_phone: '+1 512 555 0142',
  website: 'https://sweettiers.example.com',
  city: 'Austin, TX',
  service_radius_miles: 60,
  // Two weeks: asked once, in days, here (the bakery settings' weeks moved here in migration 031).
  min_notice_days: 14,
};
/** The bakery's compulsory screen after onboarding: its auto-response. */
const DEMO_AUTO_RESPONSE = {
  enabled: true,
  message:
    'Hi {customer_name}, thank you for thinking of Sweet Tiers for your wedding cake on {event_date}! We will send a detailed quote with flavours and tasting dates within a day.',
  // The bakery's starting price is per slice ("Cakes start at $7.50 a slice."), as its settings say.
  starting_price: 7.5,
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
};

/** The bakery's public profile (`edit-profile`), saved as a vendor saves it: All forms shows it saved. */
const DEMO_PROFILE = {
  business_name: DEMO_ACCOUNT.businessName,
  about:
    'Sweet Tiers is a small Austin bakery making wedding cakes to order since 2014. Every cake starts with a tasting for two, is baked the day before and is delivered and set up by us at the venue.',
  service_area: 'Austin and the Hill Country, up to 60 miles',
  website: 'https://sweettiers.example.com',
  instagram: '@sweettiersbakery',
  show_phone: true,
  show_email: false,
};

/** Stripe's test Visa: the sandbox charges it without fail, so the demo's plan renews every month. */
const DEMO_CARD = { number: '4242424242424242', expMonth: 12, cvc: '123' };

/** What the seed needs: auth's logins, billing (the demo pays for a plan) and the modules built on the story's clock. */
export interface DemoDeps extends FormsDeps {
  logins: Pick<Logins, 'register' | 'endSessions'>;
  billing: Pick<Billing, 'deps' | 'tokenise'>;
  /** These modules built again on another clock and job runner, over the same database: the demo tells its past on them. */
  onClock(clock: AdjustableClock, jobs: JobRunner): DemoDeps;
}

/**
 * Creates the demo vendor once, the way a vendor gets there and at the times it would have: it
 * signed up `DEMO_STORY_DAYS` ago (registration and its welcome credits, onboarding as a bakery,
 * the compulsory auto-response, its settings and profile; a card and the first plan an hour
 * later), then couples' requests in every state over the months that followed, the plan renewing
 * monthly, and a blocked week set today. Every step runs on the story's clock (`createStoryTime`), so what the steps set off is
 * dated then too. A later start leaves it (and any changes made to it) alone.
 */
export async function seedDemoAccount(deps: DemoDeps): Promise<'created' | 'exists'> {
  if (await findUserByEmail(deps.database.db, DEMO_ACCOUNT.email)) return 'exists';
  const today = deps.clock.now();
  const signedUp = today - DEMO_STORY_DAYS * DAY_MS;
  const story = createStoryTime(deps.clock, signedUp, deps.logger, deps.database);
  const then = deps.onClock(story.clock, story.jobs);
  const owner = await openTheBakery(then);
  // The plan an hour later, once the bakery looked around: its credits are a ledger row of their own time.
  await story.moveTo(signedUp + HOUR_MS);
  await subscribeToPlan(then, owner);
  await tellDemoMarketplace(then, story, owner, today);
  await story.moveTo(deps.clock.now());
  await story.handOver(deps.jobs);
  return 'created';
}

/** Sign-up: the account (its welcome credits) and the forms a bakery fills before its first lead. */
async function openTheBakery(deps: DemoDeps): Promise<AuthContext> {
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
  await saveForm(deps, owner, 'edit-profile', DEMO_PROFILE);
  return owner;
}

/** The card and the first plan of `schemas/plans.json`, through billing's own use cases as the billing pages call them. */
async function subscribeToPlan(deps: DemoDeps, owner: AuthContext): Promise<void> {
  const plan = deps.schemas().config.plans.plans[0];
  if (!plan) return;
  const expYear = new Date(deps.clock.now()).getUTCFullYear() + 4;
  const card = await deps.billing.tokenise({ ...DEMO_CARD, expYear });
  if (!card.ok) throw new Error(`the sandbox refused the demo's test card: ${card.message}`);
  await setPaymentMethod(deps.billing.deps, owner, card.paymentMethod.id);
  await choosePlan(deps.billing.deps, owner, plan.id);
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
