import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rulesForRole } from '../../../shared/ability/roles';
import type { QuoteDetail } from '../../../shared/contracts/marketplace';
import type { QuoteTemplate } from '../../../shared/contracts/quote-templates';
import { createRouteTable } from '../../../shared/routes/route-table';
import { buildValidatorModule } from '../../../server/config/form-validator-module';
import { loadSnapshot } from '../../../server/config/schema-store/snapshot';
import { QuoteDetailForm } from '../../../client/src/features/quotes/components/quote-detail-form';
import { AbilityProvider } from '../../../client/src/lib/ability/ability-context';
import { http } from '../../../client/src/lib/api/http';
import { createQueryClient } from '../../../client/src/lib/api/query-client';
import type { ClientConfig } from '../../../client/src/lib/config/client-config';
import { ConfigContext } from '../../../client/src/lib/config/config-context';
import { formKeys } from '../../../client/src/lib/forms/api/form-keys';
import { LayoutProvider } from '../../../client/src/lib/layout/layout-context';
import { createFakeServer } from '../http-test-server';

// happy-dom's URL is not Node's, so the path is resolved from the module's file name.
const SCHEMAS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../schemas');
const snapshot = await loadSnapshot(SCHEMAS);
const { app } = snapshot.config;
const bakery = snapshot.config.categories.find((category) => category.id === 'bakery');
if (!bakery) throw new Error('the bakery category is missing');
const form = snapshot.config.forms.get('quote-bakery')?.payload;
if (!form) throw new Error('the bakery quote form is missing');
// The browser imports the server's validator module from a URL; a data: URL is the same import without a server.
const QUOTE_FORM = {
  ...form,
  validator: `data:text/javascript;base64,${Buffer.from(await buildValidatorModule(form.schema as never)).toString('base64')}`,
};
const routes = snapshot.config.routes.filter((route) => ['update-bakery-settings', 'bakery-quote-detail', 'buy-more-credits'].includes(route.name));
const config: ClientConfig = { app, routes, categories: [bakery], table: createRouteTable(routes), guardRules: [] };

const SETTINGS_URL = '/api/vendor/forms/update-bakery-settings';
const TEMPLATES_URL = '/api/quote-templates?category=bakery';
const SETTINGS = { product_types: ['Wedding cakes'], price_per_slice: 7.5, min_servings: 50, max_tiers: 5, delivery_available: true };

const LEAD: QuoteDetail = {
  id: '00000000-0000-4000-8000-000000000001',
  requestId: 'r-1',
  status: 'potential',
  category: 'bakery',
  eventDate: '2027-06-12',
  location: 'Austin, TX',
  guests: 120,
  budgetCents: null,
  details: { product_types: ['Wedding cakes'], tiers: 3, delivery_needed: true },
  customer: { name: 'Riley Chen' },
  priceCents: null,
  message: null,
  quoteDetails: null,
  leadCost: 1,
  refunded: false,
  closedReason: null,
  opened: true,
  createdAt: 1,
  updatedAt: 1,
  competitors: 1,
  history: [],
};

const STANDARD: QuoteTemplate = {
  id: '00000000-0000-4000-8000-0000000000aa',
  category: 'bakery',
  name: 'Standard tiered cake',
  priceCents: 85_000,
  message: 'Hi {customer_name}! We would love to bake your cake for {guests} guests on {event_date}: here is what we propose.',
  // Saved before templates left the request's answers out: its servings and tiers are another couple's.
  details: { design: 'Three tiers of lemon sponge', servings: 100, tiers: 2, includes: 'Delivery and setup at the venue.' },
  createdAt: 1,
  updatedAt: 1,
};

/** A fake API with the bakery's quote form, its saved settings (`settings` null: none saved) and templates. */
function bakeryServer(options: { settings?: Record<string, unknown> | null; settingsStatus?: number; templates?: QuoteTemplate[] } = {}) {
  const server = createFakeServer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
  const state = { settings: options.settings === undefined ? SETTINGS : options.settings };
  server.on('/api/config/forms/quote-bakery', () => ({ status: 200, body: QUOTE_FORM }));
  server.on(SETTINGS_URL, () =>
    options.settingsStatus
      ? { status: options.settingsStatus, body: { type: 'about:blank', title: 'Internal Server Error', status: options.settingsStatus } }
      : { status: 200, body: { data: state.settings, version: 2, formVersion: 2, status: state.settings ? 'complete' : 'not-started', errors: [] } },
  );
  server.on(TEMPLATES_URL, () => ({ status: 200, body: { data: options.templates ?? [] } }));
  server.on('/api/quote-templates', (call) => ({
    status: 201,
    body: {
      data: {
        ...STANDARD,
        id: '00000000-0000-4000-8000-0000000000bb',
        ...(call.body as object),
        priceCents: (call.body as { priceCents?: number }).priceCents ?? null,
      },
    },
  }));
  http.defaults.adapter = server.adapter;
  return { server, state };
}

function renderForm(lead: QuoteDetail = LEAD): QueryClient {
  const client = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/bakery-quote-detail/:id',
        element: <QuoteDetailForm quote={lead} balance={10} credits={{ buyPath: '/buy-more-credits' }} onChanged={() => {}} />,
      },
    ],
    { initialEntries: [`/bakery-quote-detail/${lead.id}`] },
  );
  render(
    <ConfigContext.Provider value={config}>
      <LayoutProvider defaults={app.layout} breakpoints={app.theme.breakpoints}>
        <AbilityProvider>
          <QueryClientProvider client={client}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AbilityProvider>
      </LayoutProvider>
    </ConfigContext.Provider>,
  );
  return client;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const price = () => screen.getByLabelText('Your price (USD)') as HTMLInputElement;

let original: AxiosAdapter | undefined;

describe('<QuoteDetailForm> prefill and templates', () => {
  beforeEach(() => {
    original = http.defaults.adapter as AxiosAdapter | undefined;
    localStorage.setItem('vendorAccessToken', 'token-1');
    localStorage.setItem('vendorRefreshToken', 'refresh-1');
    localStorage.setItem('vendorData', JSON.stringify({ role: 'admin', category: [{ vendor_type_id: 1 }], ability: rulesForRole('admin') }));
    window.innerWidth = 1280;
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    http.defaults.adapter = original;
  });

  it('when a bakery that says $7.50 a slice opens a lead of 120 guests, then the form starts from its settings and the request, and says so with a link to the settings', async () => {
    bakeryServer();
    renderForm();

    await waitFor(() => expect(price().value).toBe('900'));
    expect(screen.getByText('Filled in from your')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bakery settings' }).getAttribute('href')).toBe('/update-bakery-settings');
    expect(field('Price per slice (USD)').value).toBe('7.5');
    expect(field('Servings').value).toBe('120');
    expect(field('Tiers').value).toBe('3');
    expect(price().value).toBe('900');
    // The values that depend on the request say so.
    expect(screen.getByText('From the request: 120 guests.')).toBeTruthy();
    expect(screen.getByText(/From your settings and the request: \$7\.50 × 120 guests\./)).toBeTruthy();
    // What the vendor writes is theirs: the design and the message start empty.
    expect(field('The cake you propose').value).toBe('');
    expect((screen.getByLabelText('Message to the couple') as HTMLTextAreaElement).value).toBe('');
  });

  it('when the vendor has started the quote and the settings are read again with new prices, then the draft keeps what the vendor typed', async () => {
    const { server, state } = bakeryServer();
    const client = renderForm();
    await waitFor(() => expect(price().value).toBe('900'));

    fireEvent.change(price(), { target: { value: '1,050' } });
    fireEvent.change(field('Servings'), { target: { value: '140' } });
    fireEvent.change(field('The cake you propose'), { target: { value: 'Four tiers with sugar peonies' } });
    state.settings = { ...SETTINGS, price_per_slice: 9 };
    const before = server.callsTo(SETTINGS_URL).length;
    await client.invalidateQueries({ queryKey: formKeys.saved('update-bakery-settings') });
    await waitFor(() => expect(server.callsTo(SETTINGS_URL).length).toBeGreaterThan(before));

    expect(price().value).toBe('1,050');
    expect(field('Servings').value).toBe('140');
    expect(field('Price per slice (USD)').value).toBe('7.5');
    expect(field('The cake you propose').value).toBe('Four tiers with sugar peonies');
  });

  it('when the vendor has saved no settings, then only the request fills the form and nothing says it came from settings', async () => {
    bakeryServer({ settings: null });
    renderForm();
    await waitFor(() => expect(field('Servings').value).toBe('120'));
    expect(field('Price per slice (USD)').value).toBe('');
    expect(price().value).toBe('');
    expect(screen.queryByText('Filled in from your')).toBeNull();
  });

  it('when the settings cannot be read, then the form starts from the request alone and can still be filled', async () => {
    bakeryServer({ settingsStatus: 500 });
    renderForm();
    await waitFor(() => expect(field('Servings').value).toBe('120'));
    expect(price().value).toBe('');
    fireEvent.change(price(), { target: { value: '880' } });
    expect(price().value).toBe('880');
  });

  it('when a template is chosen, then it fills the form instead of the settings, its price and message for this couple too, keeps the request’s answers, and says what it changed', async () => {
    bakeryServer({ templates: [STANDARD] });
    renderForm();
    await waitFor(() => expect(price().value).toBe('900'));

    fireEvent.mouseDown(screen.getByLabelText('Start from template'));
    fireEvent.click(await screen.findByTitle('Standard tiered cake'));

    expect(await screen.findByText('Started from your template "Standard tiered cake"')).toBeTruthy();
    expect(screen.queryByText('Filled in from your')).toBeNull();
    expect(price().value).toBe('850');
    expect(field('Servings').value).toBe('120');
    expect(field('Tiers').value).toBe('3');
    expect(field('The cake you propose').value).toBe('Three tiers of lemon sponge');
    expect(field('Price per slice (USD)').value).toBe('');
    expect((screen.getByLabelText('Message to the couple') as HTMLTextAreaElement).value).toBe(
      'Hi Riley! We would love to bake your cake for 120 guests on Saturday, June 12, 2027: here is what we propose.',
    );
    const notice = screen.getByText(/^It changed: /).textContent ?? '';
    expect(notice).toMatch(/^It changed: Price, Message, The cake you propose, Price per slice \(USD\), What your price includes\./);
    expect(notice).not.toMatch(/Servings|Tiers/);
    expect(notice).toContain('Answers from the couple’s request stay as they asked.');
    await waitFor(() => expect(screen.queryByText('From the request: 120 guests.')).toBeNull());
  });

  it('when the vendor saves the form as a template, then its answers, price and message are sent under the name given, the message without this couple’s name or day', async () => {
    const { server } = bakeryServer();
    renderForm();
    await waitFor(() => expect(price().value).toBe('900'));
    fireEvent.change(field('The cake you propose'), { target: { value: 'Three tiers of vanilla sponge' } });
    fireEvent.change(screen.getByLabelText('Message to the couple'), { target: { value: 'Hi Riley, our classic cake, baked the day before June 12.' } });

    fireEvent.click(screen.getByRole('button', { name: 'Save as template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this quote as a template' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(dialog).findByText('Name this template')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Template name'), { target: { value: 'Standard tiered cake' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));

    await waitFor(() => expect(server.callsTo('/api/quote-templates').filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(server.callsTo('/api/quote-templates')[0]?.body).toEqual({
      category: 'bakery',
      name: 'Standard tiered cake',
      priceCents: 90_000,
      message: 'Hi {customer_name}, our classic cake, baked the day before {event_date}.',
      // The whole form, checked as a sent quote's: the server leaves out the request's answers.
      details: expect.objectContaining({ design: 'Three tiers of vanilla sponge', servings: 120, tiers: 3, price_per_slice: 7.5, delivery_included: true }),
    });
  });
});
