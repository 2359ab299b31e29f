import { describe, expect, it } from 'vitest';
import type { GuardRule } from '../../../shared/contracts/guard-rule';
import type { Route } from '../../../shared/contracts/route';
import type { VendorRecord } from '../../../shared/contracts/vendor';
import { navigationRequestSchema } from '../../../shared/contracts/navigation';
import { evaluateGuard } from '../../../shared/guard/evaluate-guard';
import { RedirectLoopError, resolveNavigation } from '../../../shared/guard/resolve-navigation';
import { createRouteTable } from '../../../shared/routes/route-table';
import { loadSnapshot } from '../../../server/config/schema-store/snapshot';
import { SPEC_SIDEBAR_PATHS } from '../../support/spec-paths';
import { ADMIN_ABILITY, SCHEMAS_DIR, categories, contextFor, readCategoryFiles, samplePath, vendor } from './guard-fixtures';

// Loaded at collection time (not in beforeAll) because several it.each tables are built from
// the real route list; a schema folder that fails to load fails this file with its problems.
const snapshot = await loadSnapshot(SCHEMAS_DIR);
const { table } = snapshot;
const rules = snapshot.config.guardRules;

/** What POST /api/config/navigation answers: final destination and first rule. */
function navigate(record: VendorRecord | null, path: string, hasToken?: boolean): { redirect: string | null; rule: string | null } {
  const { redirect, rule } = resolveNavigation(table, contextFor(record, rules, hasToken), path);
  return { redirect, rule };
}

/** One guard step on the route `path` matches (null route for an unknown path). */
function stepOn(record: VendorRecord | null, path: string) {
  return evaluateGuard(table.match(path)?.route ?? null, contextFor(record, rules));
}

const ALLOWED = { redirect: null, rule: null };

/** The six signed-in chain rules of docs/specification.md §4, in their order, each with a vendor state that makes it fire. */
interface ChainRule {
  key: string;
  id: string;
  page: string;
  vendorTypeIds: number[];
  fields: Record<string, unknown>;
}

const CHAIN: ChainRule[] = [
  { key: 'payment', id: 'payment-failed', page: '/update-payment-method', vendorTypeIds: [], fields: { payment_status: 'payment_failed' } },
  { key: 'catering', id: 'catering-settings', page: '/update-catering-settings', vendorTypeIds: [2], fields: {} },
  { key: 'venue', id: 'venue-settings', page: '/update-venue-settings', vendorTypeIds: [11], fields: { is_venue_setting_updated: false } },
  { key: 'makeup', id: 'makeup-settings', page: '/update-makeup-settings', vendorTypeIds: [5], fields: {} },
  {
    key: 'photography',
    id: 'photography-settings',
    page: '/update-photography-settings',
    vendorTypeIds: [7],
    fields: { is_photography_setting_updated: false },
  },
  { key: 'bakery', id: 'bakery-auto-response', page: '/auto-response/bakery', vendorTypeIds: [], fields: { is_redirect_to_bakery_auto_response: true } },
];

/** A complete admin for whom exactly the given chain rules fire. */
function firing(...chain: ChainRule[]): VendorRecord {
  const fields = Object.assign({}, ...chain.map((rule) => rule.fields)) as Record<string, unknown>;
  return vendor({ ...fields, category: categories(...chain.flatMap((rule) => rule.vendorTypeIds)) });
}

const PAIRS = CHAIN.flatMap((winner, i) => CHAIN.slice(i + 1).map((loser) => ({ name: `${winner.key} + ${loser.key}`, winner, loser })));

describe('the loaded configuration the guard runs on', () => {
  it('when the schemas load, then the category rules come in the order catering, venue, makeup, photography, bakery', () => {
    expect(rules.map((rule) => rule.id)).toEqual(['catering-settings', 'venue-settings', 'makeup-settings', 'photography-settings', 'bakery-auto-response']);
  });

  it('when the schemas load, then the bakery rule has no category condition', () => {
    expect(rules.find((rule) => rule.id === 'bakery-auto-response')?.vendorTypeId).toBeNull();
  });

  it.each([
    ['login', '/'],
    ['dashboard', '/dashboard'],
    ['new-user-step-1', '/new-user-step-1'],
    ['update-payment-method', '/update-payment-method'],
    ['update-catering-settings', '/update-catering-settings'],
    ['update-venue-settings', '/update-venue-settings'],
    ['update-makeup-settings', '/update-makeup-settings'],
    ['update-photography-settings', '/update-photography-settings'],
    ['auto-response-bakery', '/auto-response/bakery'],
    ['access-control', '/access-control'],
    ['not-authorized', '/pages/miscellaneous/not-authorized'],
  ])('when the guard names route %s, then its path is %s', (name, path) => {
    expect(table.pathOf(name)).toBe(path);
  });

  it('when the guard names vendor-profile, then it is /vendor-profile/:adminId/:slug', () => {
    expect(table.byName('vendor-profile')?.path).toBe('/vendor-profile/:adminId/:slug');
  });

  it('when routes.json is read, then exactly the billing screens (the seed\'s three, the billing page and its receipts) carry authorize ["admin"]', () => {
    const withAuthorize = table.routes.filter((route) => route.meta.authorize).map((route) => [route.path, route.meta.authorize]);
    expect(withAuthorize).toEqual(
      expect.arrayContaining([
        ['/activate-subscription', ['admin']],
        ['/buy-more-credits', ['admin']],
        ['/change-plan', ['admin']],
        ['/billing', ['admin']],
        ['/billing/receipts/:id', ['admin']],
      ]),
    );
    expect(withAuthorize).toHaveLength(5);
  });
});

describe('each signed-in chain rule firing alone', () => {
  it.each([
    { name: 'payment_status payment_failed', record: firing(CHAIN[0]!), redirect: '/update-payment-method', rule: 'payment-failed' },
    { name: 'catering (type 2) with neither field set', record: firing(CHAIN[1]!), redirect: '/update-catering-settings', rule: 'catering-settings' },
    {
      name: 'catering with both fields null',
      record: vendor({ category: categories(2), catering_head_count: null, wedding_catering_price_per_head: null }),
      redirect: '/update-catering-settings',
      rule: 'catering-settings',
    },
    { name: 'venue (type 11) not updated', record: firing(CHAIN[2]!), redirect: '/update-venue-settings', rule: 'venue-settings' },
    { name: 'makeup (type 5) with no price set', record: firing(CHAIN[3]!), redirect: '/update-makeup-settings', rule: 'makeup-settings' },
    {
      name: 'makeup with all three prices null',
      record: vendor({ category: categories(5), hair_min_price_per_head: null, makeup_min_price_per_head: null, spray_tan_min_price_per_head: null }),
      redirect: '/update-makeup-settings',
      rule: 'makeup-settings',
    },
    {
      name: 'photography (type 7) not updated',
      record: firing(CHAIN[4]!),
      redirect: '/update-photography-settings',
      rule: 'photography-settings',
    },
    {
      name: 'bakery auto-response flag without any category',
      record: firing(CHAIN[5]!),
      redirect: '/auto-response/bakery',
      rule: 'bakery-auto-response',
    },
    {
      name: 'bakery auto-response flag with the bakery category (1)',
      record: vendor({ category: categories(1), is_redirect_to_bakery_auto_response: true }),
      redirect: '/auto-response/bakery',
      rule: 'bakery-auto-response',
    },
    {
      name: 'bakery auto-response flag with a florist category (6)',
      record: vendor({ category: categories(6), is_redirect_to_bakery_auto_response: true }),
      redirect: '/auto-response/bakery',
      rule: 'bakery-auto-response',
    },
  ])('when $name and the vendor opens /dashboard, then it goes to $redirect ($rule)', ({ record, redirect, rule }) => {
    expect(navigate(record, '/dashboard')).toEqual({ redirect, rule });
  });

  it.each(CHAIN)('when only the $key rule fires and the vendor opens /potential-matches, then it goes to $page ($id)', (chainRule) => {
    expect(navigate(firing(chainRule), '/potential-matches')).toEqual({ redirect: chainRule.page, rule: chainRule.id });
  });

  it.each(CHAIN)('when only the $key rule fires and the vendor opens its own page $page, then it is allowed', (chainRule) => {
    expect(navigate(firing(chainRule), chainRule.page)).toEqual(ALLOWED);
  });

  it.each([
    { name: 'payment_status is paid', record: vendor({ payment_status: 'paid' }) },
    { name: 'payment_status is missing', record: vendor({ payment_status: undefined }) },
    { name: 'payment_status is null', record: vendor({ payment_status: null }) },
  ])('when $name and the vendor opens /update-payment-method, then it goes to /dashboard (payment-ok)', ({ record }) => {
    expect(navigate(record, '/update-payment-method')).toEqual({ redirect: '/dashboard', rule: 'payment-ok' });
  });

  it('when payment is fine but catering settings are missing on /update-payment-method, then payment-ok fires first and the trip ends on the catering settings', () => {
    const record = firing(CHAIN[1]!);
    const outcome = resolveNavigation(table, contextFor(record, rules), '/update-payment-method');
    expect(outcome).toEqual({
      redirect: '/update-catering-settings',
      rule: 'payment-ok',
      hops: ['/update-payment-method', '/dashboard', '/update-catering-settings'],
    });
  });
});

describe('a "set" value stops its rule', () => {
  it.each([
    { name: 'catering with only catering_head_count set', fields: { category: categories(2), catering_head_count: 120 } },
    { name: 'catering with only wedding_catering_price_per_head set', fields: { category: categories(2), wedding_catering_price_per_head: 85 } },
    { name: 'catering with both set', fields: { category: categories(2), catering_head_count: 120, wedding_catering_price_per_head: 85 } },
    { name: 'venue with is_venue_setting_updated true', fields: { category: categories(11), is_venue_setting_updated: true } },
    { name: 'makeup with only hair_min_price_per_head set', fields: { category: categories(5), hair_min_price_per_head: 60 } },
    { name: 'makeup with only makeup_min_price_per_head set', fields: { category: categories(5), makeup_min_price_per_head: 70 } },
    { name: 'makeup with only spray_tan_min_price_per_head set', fields: { category: categories(5), spray_tan_min_price_per_head: 40 } },
    { name: 'photography with is_photography_setting_updated true', fields: { category: categories(7), is_photography_setting_updated: true } },
    { name: 'bakery with the auto-response flag false', fields: { category: categories(1), is_redirect_to_bakery_auto_response: false } },
    { name: 'bakery with the auto-response flag missing', fields: { category: categories(1) } },
    {
      name: 'every category without a compulsory screen and nothing set',
      fields: { category: categories(1, 3, 4, 6, 8, 9, 10, 12, 13, 14) },
    },
    {
      name: 'the settings fields unset but no vendor type 2, 5, 7 or 11',
      fields: { category: categories(6), is_venue_setting_updated: false, is_photography_setting_updated: false },
    },
  ])('when $name, then /dashboard is allowed', ({ fields }) => {
    expect(navigate(vendor(fields), '/dashboard')).toEqual(ALLOWED);
  });
});

describe('two chain rules firing together: the earlier one wins', () => {
  it('when the pairs are listed, then there are 15 of them', () => {
    expect(PAIRS).toHaveLength(15);
  });

  it.each(PAIRS)('when $name fire and the vendor opens /dashboard, then the earlier rule wins', ({ winner, loser }) => {
    expect(navigate(firing(winner, loser), '/dashboard')).toEqual({ redirect: winner.page, rule: winner.id });
  });

  it.each(PAIRS)("when $name fire and the vendor opens the winner's page, then it is allowed", ({ winner, loser }) => {
    expect(navigate(firing(winner, loser), winner.page)).toEqual(ALLOWED);
  });

  it.each(PAIRS)("when $name fire and the vendor opens the loser's page, then it goes to the winner's page", ({ winner, loser }) => {
    expect(navigate(firing(winner, loser), loser.page)).toEqual({ redirect: winner.page, rule: winner.id });
  });

  it('when all six rules fire, then payment wins everywhere but on its own page', () => {
    const record = firing(...CHAIN);
    for (const chainRule of CHAIN.slice(1)) {
      expect(navigate(record, chainRule.page)).toEqual({ redirect: '/update-payment-method', rule: 'payment-failed' });
    }
    expect(navigate(record, '/update-payment-method')).toEqual(ALLOWED);
  });
});

describe('onboarding', () => {
  it.each([
    { name: 'step 0 on /dashboard', step: 0, path: '/dashboard', expected: { redirect: '/new-user-step-1', rule: 'onboarding-incomplete' } },
    { name: 'step 0 on /settings', step: 0, path: '/settings', expected: { redirect: '/new-user-step-1', rule: 'onboarding-incomplete' } },
    { name: 'step 0 on /potential-matches', step: 0, path: '/potential-matches', expected: { redirect: '/new-user-step-1', rule: 'onboarding-incomplete' } },
    { name: 'step 0 on /new-user-step-1', step: 0, path: '/new-user-step-1', expected: ALLOWED },
    { name: 'step 1 on /new-user-step-1', step: 1, path: '/new-user-step-1', expected: { redirect: '/dashboard', rule: 'onboarding-complete' } },
    { name: 'step 1 on /dashboard', step: 1, path: '/dashboard', expected: ALLOWED },
    {
      name: 'step 0 on /update-payment-method (not failed)',
      step: 0,
      path: '/update-payment-method',
      expected: { redirect: '/new-user-step-1', rule: 'payment-ok' },
    },
  ])('when $name, then the outcome is $expected.redirect', ({ step, path, expected }) => {
    expect(navigate(vendor({ last_completed_step: step }), path)).toEqual(expected);
  });

  it('when a vendor at step 0 also has a chain rule firing, then the chain comes first', () => {
    const record = vendor({ last_completed_step: 0, category: categories(2) });
    expect(navigate(record, '/dashboard')).toEqual({ redirect: '/update-catering-settings', rule: 'catering-settings' });
  });

  it('when step 1 on /new-user-step-1, then one guard step redirects to the dashboard', () => {
    expect(stepOn(vendor({ last_completed_step: 1 }), '/new-user-step-1')).toEqual({
      allow: false,
      redirectTo: 'dashboard',
      rule: 'onboarding-complete',
    });
  });
});

describe('authorize lists', () => {
  const AUTHORIZE_PATHS = ['/change-plan', '/buy-more-credits', '/activate-subscription', '/billing', '/billing/receipts/inv_1'];
  const rows = AUTHORIZE_PATHS.flatMap((path) => [
    { name: `client at step 1 on ${path}`, record: vendor({ role: 'client' }), path, expected: { redirect: '/dashboard', rule: 'authorize' } },
    {
      name: `client at step 0 on ${path}`,
      record: vendor({ role: 'client', last_completed_step: 0 }),
      path,
      expected: { redirect: '/new-user-step-1', rule: 'authorize' },
    },
    { name: `role "other" at step 1 on ${path}`, record: vendor({ role: 'other' }), path, expected: { redirect: '/dashboard', rule: 'authorize' } },
    { name: `no role at step 1 on ${path}`, record: vendor({ role: undefined }), path, expected: { redirect: '/dashboard', rule: 'authorize' } },
    { name: `admin at step 1 on ${path}`, record: vendor({ role: 'admin' }), path, expected: ALLOWED },
    {
      name: `admin at step 0 on ${path}`,
      record: vendor({ role: 'admin', last_completed_step: 0 }),
      path,
      expected: { redirect: '/new-user-step-1', rule: 'onboarding-incomplete' },
    },
  ]);

  it.each(rows)('when $name, then the outcome is $expected.redirect ($expected.rule)', ({ record, path, expected }) => {
    expect(navigate(record, path)).toEqual(expected);
  });

  it('when a client opens a route without an authorize list, then it is allowed', () => {
    expect(navigate(vendor({ role: 'client' }), '/dashboard')).toEqual(ALLOWED);
  });

  it('when a client whose payment failed opens /change-plan, then the chain wins over the authorize list', () => {
    expect(navigate(vendor({ role: 'client', payment_status: 'payment_failed' }), '/change-plan')).toEqual({
      redirect: '/update-payment-method',
      rule: 'payment-failed',
    });
  });
});

describe('unauthenticated users', () => {
  const protectedPaths = table.routes.filter((route) => route.meta.requiresAuth).map((route) => samplePath(route.path));

  it('when the routes are listed, then every category family and the seed screens require login', () => {
    // 21 signed-in screens of routes.json + 4 generated routes for each of the 14 categories.
    expect(protectedPaths.length).toBeGreaterThanOrEqual(21 + 14 * 4);
  });

  it.each(protectedPaths)('when a guest (vendor null) opens %s, then it goes to / (unauthenticated)', (path) => {
    expect(navigate(null, path)).toEqual({ redirect: '/', rule: 'unauthenticated' });
  });

  it.each(protectedPaths)('when a vendor record exists without a token and %s is opened, then it goes to / (unauthenticated)', (path) => {
    expect(navigate(vendor(), path, false)).toEqual({ redirect: '/', rule: 'unauthenticated' });
  });

  it('when a token exists without a vendor record, then the user is not logged in', () => {
    expect(navigate(null, '/dashboard', true)).toEqual({ redirect: '/', rule: 'unauthenticated' });
  });

  it('when a guest opens /dashboard, then one guard step redirects to login', () => {
    expect(stepOn(null, '/dashboard')).toEqual({ allow: false, redirectTo: 'login', rule: 'unauthenticated' });
  });

  it.each([
    '/',
    '/register',
    '/forgot-password',
    '/reset-password/abc',
    '/register-with-token/abc',
    '/error-404',
    '/pages/miscellaneous/not-authorized',
    '/vendor-profile/42/some-slug',
    '/request-quotes',
    '/requests/some-token',
  ])('when a guest opens the public route %s, then it is allowed', (path) => {
    expect(navigate(null, path)).toEqual(ALLOWED);
  });
});

describe('docs/specification.md §2 screens', () => {
  it.each(SPEC_SIDEBAR_PATHS)('when %s is matched, then it requires login and uses the configured layout', (path) => {
    const route = table.match(path)?.route;
    expect(route?.meta.requiresAuth).toBe(true);
    expect(route?.meta.layout === undefined || route.meta.layout === 'vertical' || route.meta.layout === 'horizontal').toBe(true);
  });

  it('when /new-user-step-1 is matched, then it requires login and is a full page', () => {
    expect(table.match('/new-user-step-1')?.route.meta).toMatchObject({ requiresAuth: true, layout: 'full' });
  });

  it('when /edit-profile is matched, then it requires login and shows the sidebar only', () => {
    expect(table.match('/edit-profile')?.route.meta).toMatchObject({ requiresAuth: true, layout: 'sidebar-only' });
  });
});

describe('redirectIfLoggedIn', () => {
  const rows = ['/', '/register', '/forgot-password', '/register-with-token/abc'].flatMap((path) => [
    { name: `step 1 on ${path}`, path, step: 1, redirect: '/dashboard' },
    { name: `step 0 on ${path}`, path, step: 0, redirect: '/new-user-step-1' },
  ]);

  it.each(rows)('when a logged-in vendor at $name, then it goes to $redirect', ({ path, step, redirect }) => {
    expect(navigate(vendor({ last_completed_step: step }), path)).toEqual({ redirect, rule: 'redirect-if-logged-in' });
  });

  it('when a logged-in vendor whose payment failed opens /, then the trip ends on the payment page', () => {
    expect(navigate(vendor({ payment_status: 'payment_failed' }), '/')).toEqual({
      redirect: '/update-payment-method',
      rule: 'redirect-if-logged-in',
    });
  });

  it('when a vendor record exists without a token on /, then the login page is shown', () => {
    expect(navigate(vendor(), '/', false)).toEqual(ALLOWED);
  });
});

describe('public routes never run the signed-in chain', () => {
  it.each([
    { name: 'a guest', record: null },
    { name: 'a complete admin', record: vendor() },
    { name: 'a vendor whose payment failed', record: vendor({ payment_status: 'payment_failed' }) },
    { name: 'a vendor at step 0', record: vendor({ last_completed_step: 0 }) },
    { name: 'a catering vendor without settings', record: firing(CHAIN[1]!) },
    { name: 'a vendor with the bakery auto-response flag', record: firing(CHAIN[5]!) },
    { name: 'a client vendor without any ability', record: vendor({ role: 'client', ability: [] }) },
  ])('when $name opens /vendor-profile/1/x, then it is allowed', ({ record }) => {
    expect(navigate(record, '/vendor-profile/1/x')).toEqual(ALLOWED);
  });

  it.each([
    { name: 'a guest', record: null },
    { name: 'a complete admin', record: vendor() },
    { name: 'a vendor whose payment failed', record: vendor({ payment_status: 'payment_failed' }) },
    { name: 'a vendor at step 0', record: vendor({ last_completed_step: 0 }) },
    { name: 'a catering vendor without settings', record: firing(CHAIN[1]!) },
    { name: 'a client vendor without any ability', record: vendor({ role: 'client', ability: [] }) },
  ])("when $name opens the customer's pages (/request-quotes, /requests/:token), then they are allowed", ({ record }) => {
    expect(navigate(record, '/request-quotes')).toEqual(ALLOWED);
    expect(navigate(record, '/requests/some-token')).toEqual(ALLOWED);
  });

  it.each(['/reset-password/abc', '/error-404', '/pages/miscellaneous/not-authorized'])(
    'when a vendor whose payment failed opens %s, then it is allowed',
    (path) => {
      expect(navigate(vendor({ payment_status: 'payment_failed' }), path)).toEqual(ALLOWED);
    },
  );
});

describe('abilities', () => {
  const QUOTE_PATHS = ['/potential-matches', '/submitted-quotes', '/accepted-quotes', '/completed-quotes', '/rejected-quotes', '/closed-matches'];
  const NOT_AUTHORIZED = { redirect: '/pages/miscellaneous/not-authorized', rule: 'not-authorized' };

  it.each([
    { name: 'no rules at all', ability: [] },
    { name: 'a missing ability field', ability: undefined },
    { name: 'only read Message', ability: [{ action: 'read', subject: 'Message' }] },
    { name: 'manage all with an inverted read Quote after it', ability: [...ADMIN_ABILITY, { action: 'read', subject: 'Quote', inverted: true }] },
  ])('when a vendor with $name opens /potential-matches, then it goes to the not-authorized page', ({ ability }) => {
    expect(navigate(vendor({ ability }), '/potential-matches')).toEqual(NOT_AUTHORIZED);
  });

  it.each(QUOTE_PATHS)('when a vendor without read Quote opens %s, then it goes to the not-authorized page', (path) => {
    expect(navigate(vendor({ ability: [{ action: 'read', subject: 'Message' }] }), path)).toEqual(NOT_AUTHORIZED);
  });

  it.each([
    { name: 'read Quote', ability: [{ action: 'read', subject: 'Quote' }] },
    { name: 'manage Quote', ability: [{ action: 'manage', subject: 'Quote' }] },
    { name: 'manage all', ability: ADMIN_ABILITY },
  ])('when a vendor with $name opens /potential-matches, then it is allowed', ({ ability }) => {
    expect(navigate(vendor({ ability }), '/potential-matches')).toEqual(ALLOWED);
  });

  it('when an admin without manage Billing opens /change-plan, then it goes to the not-authorized page', () => {
    expect(navigate(vendor({ ability: [{ action: 'read', subject: 'Billing' }] }), '/change-plan')).toEqual(NOT_AUTHORIZED);
  });

  it('when a vendor without read Quote opens /potential-matches, then one guard step names the not-authorized route', () => {
    expect(stepOn(vendor({ ability: [] }), '/potential-matches')).toEqual({
      allow: false,
      redirectTo: 'not-authorized',
      rule: 'not-authorized',
    });
  });

  it('when a vendor without any ability opens a route without a resource, then it is allowed', () => {
    expect(navigate(vendor({ ability: [] }), '/dashboard')).toEqual(ALLOWED);
  });
});

describe('unknown paths', () => {
  it.each(['/no-such-page', '/dashboard/extra', '/catering', '/catering/1/2', '/auto-response/cake'])(
    'when a guest opens %s, then it goes to / (unknown-path)',
    (path) => {
      expect(navigate(null, path)).toEqual({ redirect: '/', rule: 'unknown-path' });
    },
  );

  it.each([
    { name: 'a complete vendor', record: vendor(), redirect: '/dashboard' },
    { name: 'a vendor at step 0', record: vendor({ last_completed_step: 0 }), redirect: '/new-user-step-1' },
    { name: 'a vendor whose payment failed', record: vendor({ payment_status: 'payment_failed' }), redirect: '/update-payment-method' },
  ])('when $name opens an unknown path, then the trip from / ends on $redirect (unknown-path)', ({ record, redirect }) => {
    expect(navigate(record, '/no-such-page')).toEqual({ redirect, rule: 'unknown-path' });
  });

  it('when the route is unknown, then one guard step redirects to login', () => {
    expect(stepOn(vendor(), '/no-such-page')).toEqual({ allow: false, redirectTo: 'login', rule: 'unknown-path' });
  });
});

describe('route families generated from the category files', () => {
  const files = readCategoryFiles();
  const rows = files.flatMap((file) => [
    { name: `${file.id} profile`, path: `/${file.slugs.profile}/123`, category: file.id, page: 'category-profile' },
    { name: `${file.id} quote detail`, path: `/${file.slugs.quoteDetail}-quote-detail/123`, category: file.id, page: 'quote-detail' },
    { name: `${file.id} auto-response`, path: `/auto-response/${file.slugs.autoResponse}`, category: file.id, page: 'auto-response' },
    { name: `${file.id} settings`, path: `/update-${file.id}-settings`, category: file.id, page: 'category-settings' },
  ]);

  it('when the category folder is read, then it holds 14 categories', () => {
    expect(files).toHaveLength(14);
  });

  it.each(rows)('when $path is matched, then it is the $name route', ({ path, category, page }) => {
    const route = table.match(path)?.route;
    expect({ category: route?.category, page: route?.page }).toEqual({ category, page });
  });

  it.each(rows)('when a guest opens $path, then it goes to /', ({ path }) => {
    expect(navigate(null, path)).toEqual({ redirect: '/', rule: 'unauthenticated' });
  });

  it.each(rows)('when a complete admin opens $path, then it is allowed', ({ path }) => {
    expect(navigate(vendor(), path)).toEqual(ALLOWED);
  });

  it.each(files.map((file) => ({ id: file.id, path: `/${file.slugs.profile}/123` })))(
    'when the $id profile page $path is matched, then it is a full page',
    ({ path }) => {
      expect(table.match(path)?.route.meta.layout).toBe('full');
    },
  );
});

describe('the docs/specification.md §2 category paths, hard-coded', () => {
  // [profile slug, quote-detail slug, auto-response slug, category id]
  const SEED: [string, string, string, string][] = [
    ['bakery', 'bakery', 'bakery', 'bakery'],
    ['catering', 'catering', 'catering', 'catering'],
    ['bartending-beverage', 'bartending-beverage', 'bartending_beverage', 'bartending-beverage'],
    ['music', 'music', 'music', 'music'],
    ['florist', 'florist', 'florist', 'florist'],
    ['makeup', 'makeup', 'makeup', 'makeup'],
    ['officiant', 'officiant', 'officiant', 'officiant'],
    ['photography', 'photography', 'photography', 'photography'],
    ['printing', 'printing', 'printing', 'printing'],
    ['rentals', 'rental', 'rental', 'rentals'],
    ['transportation', 'transportation', 'transportation', 'transportation'],
    ['venue', 'venue', 'venue', 'venue'],
    ['wedding-planner', 'wedding-planner', 'wedding_planner', 'wedding-planner'],
    ['specialty-vendors', 'specialty-vendors', 'specialty_vendors', 'specialty-vendors'],
  ];
  const rows = SEED.flatMap(([profile, quoteDetail, autoResponse, category]) => [
    { path: `/${profile}/7`, category, page: 'category-profile' },
    { path: `/${quoteDetail}-quote-detail/7`, category, page: 'quote-detail' },
    { path: `/auto-response/${autoResponse}`, category, page: 'auto-response' },
  ]);

  it('when the seed lists are counted, then there are 14 + 14 + 14 paths', () => {
    expect(rows).toHaveLength(42);
  });

  it.each(rows)('when $path is matched, then it is the $page route of $category', ({ path, category, page }) => {
    const route = table.match(path)?.route;
    expect({ category: route?.category, page: route?.page }).toEqual({ category, page });
  });

  it.each(rows)('when a guest opens $path, then it goes to /', ({ path }) => {
    expect(navigate(null, path)).toEqual({ redirect: '/', rule: 'unauthenticated' });
  });

  it.each(['/rental/7', '/rentals-quote-detail/7', '/auto-response/rentals', '/auto-response/wedding-planner', '/auto-response/bartending-beverage'])(
    'when the slug of another family is used in %s, then the path is unknown',
    (path) => {
      expect(table.match(path)).toBeNull();
    },
  );
});

describe('redirect loops', () => {
  const route = (name: string, path: string, meta: Route['meta']): Route => ({ name, path, page: name, meta });
  const loopRoutes: Route[] = [
    route('login', '/', { redirectIfLoggedIn: true }),
    route('dashboard', '/dashboard', { requiresAuth: true }),
    route('new-user-step-1', '/new-user-step-1', { requiresAuth: true }),
    route('update-payment-method', '/update-payment-method', { requiresAuth: true }),
    route('not-authorized', '/not-authorized', {}),
    // The compulsory screen wrongly sends logged-in users home, and home sends them back.
    route('b', '/b', { redirectIfLoggedIn: true }),
  ];
  const loopRule: GuardRule = {
    id: 'flag-b',
    order: 1,
    requiresCategory: false,
    vendorTypeId: null,
    when: { anySet: ['flag_b'] },
    redirectTo: 'b',
  };

  it('when the rules send /dashboard → /b → /dashboard, then RedirectLoopError names the hops', () => {
    const loopTable = createRouteTable(loopRoutes);
    const context = contextFor(vendor({ flag_b: true }), [loopRule]);
    let caught: unknown = null;
    try {
      resolveNavigation(loopTable, context, '/dashboard');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RedirectLoopError);
    expect((caught as RedirectLoopError).hops).toEqual(['/dashboard', '/b', '/dashboard']);
  });

  it('when the same rules run for a vendor without the flag, then /dashboard is allowed', () => {
    expect(resolveNavigation(createRouteTable(loopRoutes), contextFor(vendor(), [loopRule]), '/dashboard').redirect).toBeNull();
  });
});

describe('vendor record quirks', () => {
  it.each([
    { name: 'category missing', record: vendor({ category: undefined }), path: '/dashboard', expected: ALLOWED },
    { name: 'category null', record: vendor({ category: null }), path: '/dashboard', expected: ALLOWED },
    {
      name: 'category null with the bakery flag',
      record: vendor({ category: null, is_redirect_to_bakery_auto_response: true }),
      path: '/dashboard',
      expected: { redirect: '/auto-response/bakery', rule: 'bakery-auto-response' },
    },
    {
      name: 'vendor_type_id as the string "2"',
      record: vendor({ category: [{ vendor_type_id: '2' }] }),
      path: '/dashboard',
      expected: { redirect: '/update-catering-settings', rule: 'catering-settings' },
    },
    {
      name: 'vendor_type_id as the string "11"',
      record: vendor({ category: [{ vendor_type_id: '11' }], is_venue_setting_updated: false }),
      path: '/dashboard',
      expected: { redirect: '/update-venue-settings', rule: 'venue-settings' },
    },
    {
      name: 'last_completed_step missing',
      record: vendor({ last_completed_step: undefined }),
      path: '/dashboard',
      expected: { redirect: '/new-user-step-1', rule: 'onboarding-incomplete' },
    },
    {
      name: 'last_completed_step null',
      record: vendor({ last_completed_step: null }),
      path: '/dashboard',
      expected: { redirect: '/new-user-step-1', rule: 'onboarding-incomplete' },
    },
    {
      name: 'last_completed_step missing on /',
      record: vendor({ last_completed_step: undefined }),
      path: '/',
      expected: { redirect: '/new-user-step-1', rule: 'redirect-if-logged-in' },
    },
    { name: 'last_completed_step as the string "1"', record: vendor({ last_completed_step: '1' }), path: '/dashboard', expected: ALLOWED },
    {
      name: 'a trailing slash and query on the forced page',
      record: vendor({ payment_status: 'payment_failed' }),
      path: '/update-payment-method/?from=mail#card',
      expected: ALLOWED,
    },
    {
      name: 'upper-case letters in the forced page',
      record: vendor({ payment_status: 'payment_failed' }),
      path: '/Update-Payment-Method',
      expected: ALLOWED,
    },
  ])('when $name, then the outcome is $expected.redirect', ({ record, path, expected }) => {
    expect(navigate(record, path)).toEqual(expected);
  });

  it('when the request body carries vendor_type_id "2", then after parsing the catering rule fires', () => {
    const request = navigationRequestSchema.parse({ path: '/dashboard', vendor: { ...vendor(), category: [{ vendor_type_id: '2' }] } });
    expect(navigate(request.vendor, request.path)).toEqual({ redirect: '/update-catering-settings', rule: 'catering-settings' });
  });
});
