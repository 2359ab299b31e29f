import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import appJson from '../../../schemas/app.json';
import { appConfigSchema } from '../../../shared/contracts/app-config';
import type { FormListEntry } from '../../../shared/contracts/form';
import type { Route } from '../../../shared/contracts/route';
import { createRouteTable } from '../../../shared/routes/route-table';
import { NavbarSearch } from '../../../client/src/app/layouts/navbar-search';
import { AbilityProvider } from '../../../client/src/lib/ability/ability-context';
import { http } from '../../../client/src/lib/api/http';
import { createQueryClient } from '../../../client/src/lib/api/query-client';
import { ConfigContext } from '../../../client/src/lib/config/config-context';
import { initI18n } from '../../../client/src/lib/i18n/i18n';

/** What the server answers to GET /api/vendor/forms, one call at a time. */
const listForms = vi.fn<() => Promise<FormListEntry[]>>();
const serveForms: AxiosAdapter = async (config) => {
  if (config.url !== '/api/vendor/forms') throw new Error(`unexpected request ${config.url}`);
  return { data: { data: await listForms() }, status: 200, statusText: 'OK', headers: {}, config };
};

const app = appConfigSchema.parse(appJson);
const routes: Route[] = [
  { name: 'dashboard', path: '/dashboard', page: 'dashboard', meta: { title: 'Dashboard', requiresAuth: true } },
  { name: 'messages', path: '/messages', page: 'messages', meta: { title: 'Messages', requiresAuth: true, resource: 'Message' } },
  {
    name: 'business-details',
    path: '/business-details',
    page: 'business-details',
    meta: { title: 'Business details', requiresAuth: true, resource: 'Profile' },
  },
  {
    name: 'update-florist-settings',
    path: '/update-florist-settings',
    page: 'form',
    meta: { title: 'Florist settings', requiresAuth: true, resource: 'Profile' },
  },
  { name: 'change-plan', path: '/change-plan', page: 'change-plan', meta: { title: 'Change plan', requiresAuth: true, authorize: ['admin'] } },
];
const config = { app, routes, categories: [], table: createRouteTable(routes), guardRules: [] };

function form(id: string, title: string, status: FormListEntry['status']): FormListEntry {
  return { id, title, path: `/${id}`, category: null, version: 1, savedVersion: null, updatedAt: null, status, errors: [] };
}

function renderSearch() {
  const router = createMemoryRouter(
    routes.map((route) => ({ path: route.path, element: <NavbarSearch shortcut /> })),
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfigContext.Provider value={config}>
        <AbilityProvider>
          <RouterProvider router={router} />
        </AbilityProvider>
      </ConfigContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

function signIn(role: string, ability: { action: string; subject: string }[]) {
  localStorage.setItem('vendorAccessToken', 't');
  localStorage.setItem('vendorData', JSON.stringify({ role, ability }));
}

async function openAndType(text: string) {
  const search = screen.getByRole('combobox', { name: 'Go to a page or form' });
  fireEvent.mouseDown(search);
  fireEvent.change(search, { target: { value: text } });
  await act(async () => {});
}

/** The text of the option row for `name` (its label and state), failing while the search does not show it. */
function optionRow(name: RegExp): string {
  return screen.getByRole('option', { name }).closest('.ant-select-item')?.textContent ?? '';
}

function optionTexts(): string[] {
  return screen.queryAllByRole('option').map((option) => option.textContent ?? '');
}

describe('<NavbarSearch>', () => {
  beforeAll(() => initI18n());
  beforeEach(() => {
    listForms.mockReset();
    http.defaults.adapter = serveForms;
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('when the forms are still loading, then the dropdown says the loading text of app.json, and the forms follow with their state', async () => {
    signIn('admin', [{ action: 'manage', subject: 'all' }]);
    let resolve: (forms: FormListEntry[]) => void = () => {};
    listForms.mockReturnValue(new Promise((r) => (resolve = r)));
    renderSearch();
    await openAndType('florist');
    expect(screen.getByText(app.dropdown.loadingText)).toBeTruthy();
    resolve([form('update-florist-settings', 'Florist settings', 'needs-review')]);
    const option = await screen.findByRole('option', { name: /Florist settings/ });
    expect(screen.queryByText(app.dropdown.loadingText)).toBeNull();
    expect(within(option.closest('.ant-select-item') as HTMLElement).getByText('Needs review')).toBeTruthy();
    expect(listForms).toHaveBeenCalledTimes(1);
  });

  it("when the search opens again after a form was saved, then it shows the form's new state", async () => {
    signIn('admin', [{ action: 'manage', subject: 'all' }]);
    listForms.mockResolvedValueOnce([form('update-florist-settings', 'Florist settings', 'not-started')]);
    renderSearch();
    await openAndType('florist');
    await waitFor(() => expect(optionRow(/Florist settings/)).toBe('Florist settingsNot started'));
    fireEvent.click(screen.getByRole('option', { name: /Florist settings/ }).closest('.ant-select-item') as HTMLElement);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Go to a page or form' }).getAttribute('aria-expanded')).toBe('false'));
    listForms.mockResolvedValueOnce([form('update-florist-settings', 'Florist settings', 'complete')]);
    await openAndType('florist');
    await waitFor(() => expect(optionRow(/Florist settings/)).toBe('Florist settingsComplete'));
    expect(listForms).toHaveBeenCalledTimes(2);
  });

  it('when nothing matches, then the dropdown says the no-options text of app.json', async () => {
    signIn('admin', [{ action: 'manage', subject: 'all' }]);
    listForms.mockResolvedValue([]);
    renderSearch();
    await openAndType('zzz');
    expect(await screen.findByText(app.dropdown.noOptionsText)).toBeTruthy();
  });

  it('when the vendor may not open a page or a form, then the search does not offer it; a form that is also a page shows once, as a form', async () => {
    signIn('member', [
      { action: 'read', subject: 'Message' },
      { action: 'read', subject: 'Profile' },
    ]);
    listForms.mockResolvedValue([form('business-details', 'Business details', 'complete'), form('update-florist-settings', 'Florist settings', 'not-started')]);
    renderSearch();
    await openAndType('');
    await waitFor(() => optionRow(/Florist settings/));
    const texts = optionTexts();
    expect(texts.filter((text) => text.startsWith('Business details'))).toEqual(['Business detailsComplete']);
    expect(texts.some((text) => text.startsWith('Messages'))).toBe(true);
    expect(texts.some((text) => text.startsWith('Change plan'))).toBe(false);
  });

  it('when the vendor picks an entry, then the app goes there', async () => {
    signIn('admin', [{ action: 'manage', subject: 'all' }]);
    listForms.mockResolvedValue([form('update-florist-settings', 'Florist settings', 'complete')]);
    const router = renderSearch();
    await openAndType('florist');
    fireEvent.click((await screen.findByRole('option', { name: /Florist settings/ })).closest('.ant-select-item') as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/update-florist-settings'));
  });
});
