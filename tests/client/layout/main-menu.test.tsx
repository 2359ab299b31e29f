import { cleanup, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import appJson from '../../../schemas/app.json';
import { appConfigSchema } from '../../../shared/contracts/app-config';
import type { Route } from '../../../shared/contracts/route';
import { createRouteTable } from '../../../shared/routes/route-table';
import { MainMenu } from '../../../client/src/app/layouts/main-menu';
import { MenuBadgeContext } from '../../../client/src/app/layouts/menu-badges';
import { AbilityProvider } from '../../../client/src/lib/ability/ability-context';
import { ConfigContext } from '../../../client/src/lib/config/config-context';
import { initI18n } from '../../../client/src/lib/i18n/i18n';

const app = appConfigSchema.parse(appJson);
const routes: Route[] = [
  { name: 'dashboard', path: '/dashboard', page: 'dashboard', meta: { title: 'Dashboard', requiresAuth: true } },
  {
    name: 'potential-matches',
    path: '/potential-matches',
    page: 'potential-matches',
    meta: { title: 'Potential matches', requiresAuth: true, resource: 'Quote' },
  },
  { name: 'messages', path: '/messages', page: 'messages', meta: { title: 'Messages', requiresAuth: true, resource: 'Message' } },
];
const config = { app, routes, categories: [], table: createRouteTable(routes), guardRules: [] };

function renderMenu(badges: Record<string, number>, at = '/dashboard') {
  const router = createMemoryRouter(
    routes.map((route) => ({ path: route.path, handle: { route }, element: <MainMenu mode="inline" /> })),
    { initialEntries: [at] },
  );
  return render(
    <ConfigContext.Provider value={config}>
      <AbilityProvider>
        <MenuBadgeContext.Provider value={badges}>
          <RouterProvider router={router} />
        </MenuBadgeContext.Provider>
      </AbilityProvider>
    </ConfigContext.Provider>,
  );
}

describe('<MainMenu>', () => {
  beforeAll(() => initI18n());
  beforeEach(() => {
    localStorage.setItem('vendorAccessToken', 't');
    localStorage.setItem('vendorData', JSON.stringify({ role: 'admin', ability: [{ action: 'manage', subject: 'all' }] }));
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('when a feature counts new matches and unread messages, then their entries show the counts with an accessible name', () => {
    renderMenu({ newMatches: 3, unreadMessages: 12 });
    const matches = screen.getByRole('menuitem', { name: /Potential matches/ });
    expect(within(matches).getByLabelText('3 new')).toBeTruthy();
    const messages = screen.getByRole('menuitem', { name: /Messages/ });
    expect(within(messages).getByLabelText('12 new')).toBeTruthy();
    expect(within(screen.getByRole('menuitem', { name: 'Dashboard' })).queryByLabelText(/new$/)).toBeNull();
  });

  it('when a count is zero or has no provider, then the entry shows no badge', () => {
    renderMenu({ newMatches: 0 });
    expect(screen.queryByLabelText(/ new$/)).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Potential matches' })).toBeTruthy();
  });

  it('when the vendor is on a page, then its entry is the selected one', () => {
    renderMenu({}, '/messages');
    expect(screen.getByRole('menuitem', { name: 'Messages' }).className).toContain('ant-menu-item-selected');
    expect(screen.getByRole('menuitem', { name: 'Dashboard' }).className).not.toContain('ant-menu-item-selected');
  });

  it('when the menu is drawn, then each entry holds a link to its page (a new tab or Copy link works), kept out of the tab order', () => {
    renderMenu({ newMatches: 2 });
    for (const [name, path] of [
      ['Dashboard', '/dashboard'],
      [/Potential matches/, '/potential-matches'],
      ['Messages', '/messages'],
    ] as const) {
      const link = within(screen.getByRole('menuitem', { name })).getByRole('link');
      expect(link.getAttribute('href')).toBe(path);
      expect(link.tabIndex).toBe(-1);
    }
  });
});
