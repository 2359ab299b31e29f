import { cleanup, render } from '@testing-library/react';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import appJson from '../../../schemas/app.json';
import { rulesForRole } from '../../../shared/ability/roles';
import { appConfigSchema } from '../../../shared/contracts/app-config';
import type { Route } from '../../../shared/contracts/route';
import type { VendorRecord } from '../../../shared/contracts/vendor';
import { createRouteTable } from '../../../shared/routes/route-table';
import { bounceMessage } from '../../../client/src/app/guard-bounce-notice';
import { guardLoader } from '../../../client/src/app/router/guard-loader';
import type { ClientConfig } from '../../../client/src/lib/config/client-config';
import { reportGuardBounce, useGuardBounces, type GuardBounce } from '../../../client/src/lib/router/guard-bounce';
import * as session from '../../../client/src/lib/session/session';

const app = appConfigSchema.parse(appJson);
const routes: Route[] = [
  { name: 'dashboard', path: '/dashboard', page: 'dashboard', meta: { title: 'Dashboard', requiresAuth: true } },
  { name: 'messages', path: '/messages', page: 'messages', meta: { title: 'Messages', requiresAuth: true } },
  {
    name: 'update-payment-method',
    path: '/update-payment-method',
    page: 'update-payment-method',
    meta: { title: 'Update payment method', requiresAuth: true },
  },
];
const config: ClientConfig = { app, routes, categories: [], table: createRouteTable(routes), guardRules: [] };
const locked: VendorRecord = {
  id: 1,
  role: 'admin',
  business_name: 'Lone Star Petals',
  last_completed_step: 1,
  payment_status: 'payment_failed',
  category: [{ vendor_type_id: 6 }],
  ability: rulesForRole('admin'),
};

function Listener({ heard }: { heard: GuardBounce[] }) {
  useGuardBounces((bounce) => heard.push(bounce));
  return null;
}

const load = (route: Route) => guardLoader(config, route, null)({ request: new Request(`http://localhost${route.path}`), params: {} } as LoaderFunctionArgs);

describe('a navigation the guard sends back to the screen the vendor is on', () => {
  beforeEach(async () => {
    localStorage.setItem('vendorAccessToken', 'token-1');
    localStorage.setItem('vendorRefreshToken', 'refresh-1');
    localStorage.setItem('vendorData', JSON.stringify(locked));
    await (session as { prepareSession?: () => Promise<void> }).prepareSession?.();
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('when a locked vendor on update-payment-method clicks Messages, then the bounce is reported with the page they asked for', async () => {
    const heard: GuardBounce[] = [];
    render(<Listener heard={heard} />);
    window.history.replaceState(null, '', '/update-payment-method');
    const answer = (await load(routes[1]!)) as Response;
    expect(answer.headers.get('Location')).toBe('/update-payment-method');
    expect(heard).toEqual([{ rule: 'payment-failed', attempted: 'Messages' }]);
  });

  it('when the vendor arrives from elsewhere (a fresh load, a sign-in), then the redirect is not a bounce and nothing is said', async () => {
    const heard: GuardBounce[] = [];
    render(<Listener heard={heard} />);
    window.history.replaceState(null, '', '/messages');
    const answer = (await load(routes[1]!)) as Response;
    expect(answer.headers.get('Location')).toBe('/update-payment-method');
    expect(heard).toEqual([]);
  });

  it('when the listener has unmounted, then it hears nothing more', () => {
    const heard: GuardBounce[] = [];
    const { unmount } = render(<Listener heard={heard} />);
    unmount();
    reportGuardBounce({ rule: 'payment-failed', attempted: 'Messages' });
    expect(heard).toEqual([]);
  });
});

describe('bounceMessage', () => {
  it('when payment failed, then it says the page opens once the payment goes through', () => {
    expect(bounceMessage({ rule: 'payment-failed', attempted: 'Messages' }, undefined)).toBe(
      '“Messages” opens again once your payment goes through. Update your payment method here.',
    );
  });
  it('when onboarding is unfinished, then it says so', () => {
    expect(bounceMessage({ rule: 'onboarding-incomplete', attempted: 'Reviews' }, undefined)).toBe(
      '“Reviews” opens once you finish telling us about your business.',
    );
  });
  it('when a category rule holds the vendor on its screen, then it names the screen to save', () => {
    expect(bounceMessage({ rule: 'bakery-auto-response', attempted: 'Messages' }, 'Bakery auto-response')).toBe(
      '“Messages” opens once you save “Bakery auto-response” on this page.',
    );
  });
});
