import { expect, test } from './support/test';
import { openOrigin } from '../support/browser/accounts';
import { completeAdmin, navigateInApp, openAndSettle, setSession, type VendorState } from './support/session';

/**
 * The client router (guard in Chromium, session in localStorage) and the server's
 * POST /api/config/navigation must reach the same page for the same vendor state.
 */
const states: Record<string, VendorState> = {
  guest: null,
  'complete admin': completeAdmin,
  'payment failed': { ...completeAdmin, payment_status: 'payment_failed', category: [{ vendor_type_id: 2 }] },
  'caterer without settings': { ...completeAdmin, category: [{ vendor_type_id: 2 }] },
  'caterer + venue, catering done': { ...completeAdmin, category: [{ vendor_type_id: 2 }, { vendor_type_id: 11 }], catering_head_count: 150 },
  'makeup without prices': { ...completeAdmin, category: [{ vendor_type_id: 5 }] },
  'photographer not set up': { ...completeAdmin, category: [{ vendor_type_id: 7 }], is_photography_setting_updated: false },
  'bakery awaiting auto-response': { ...completeAdmin, category: [{ vendor_type_id: 1 }], is_redirect_to_bakery_auto_response: true },
  'onboarding not started': { ...completeAdmin, last_completed_step: 0, category: [] },
  'team member (client)': { ...completeAdmin, role: 'client', ability: [{ action: 'read', subject: ['Quote', 'Message', 'Review'] }] },
  'no permissions': { ...completeAdmin, ability: [] },
};

const paths = [
  '/',
  '/register',
  '/dashboard',
  '/new-user-step-1',
  '/update-payment-method',
  '/update-catering-settings',
  '/change-plan',
  '/potential-matches',
  '/messages',
  '/auto-response/bakery',
  '/rentals/12',
  '/vendor-profile/7/sweet-tiers',
  '/request-quotes',
  '/requests/not-a-real-request-link',
  '/no/such/page',
];

for (const [name, vendor] of Object.entries(states)) {
  test(`when the vendor is "${name}", then client and server agree on every path`, async ({ page, request }) => {
    await openOrigin(page);
    await setSession(page, vendor);
    for (const [i, path] of paths.entries()) {
      const response = await request.post('/api/config/navigation', { data: { path, vendor } });
      expect(response.status(), `server status for ${path}`).toBe(200);
      const { redirect } = (await response.json()) as { redirect: string | null };
      // The first path is a fresh page load, the others navigations inside the running app.
      const landed = i === 0 ? await openAndSettle(page, path) : await navigateInApp(page, path);
      expect(landed.pathname, `client destination for ${path}`).toBe(redirect ?? path);
    }
  });
}
