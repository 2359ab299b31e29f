import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import type { ComponentType } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import appJson from '../../../schemas/app.json';
import { rulesForRole } from '../../../shared/ability/roles';
import { appConfigSchema } from '../../../shared/contracts/app-config';
import type { PlanChangePreview } from '../../../shared/contracts/billing';
import type { Route } from '../../../shared/contracts/route';
import { createRouteTable } from '../../../shared/routes/route-table';
import BillingPage from '../../../client/src/features/billing/billing-page';
import BuyCreditsPage from '../../../client/src/features/billing/buy-credits-page';
import ChangePlanPage from '../../../client/src/features/billing/change-plan-page';
import ReceiptPage from '../../../client/src/features/billing/receipt-page';
import { PlanChangeSummary, planChangeAction } from '../../../client/src/features/billing/components/plan-change-summary';
import UpdatePaymentMethodPage from '../../../client/src/features/billing/update-payment-method-page';
import { AbilityProvider } from '../../../client/src/lib/ability/ability-context';
import { http } from '../../../client/src/lib/api/http';
import { createQueryClient } from '../../../client/src/lib/api/query-client';
import type { ClientConfig } from '../../../client/src/lib/config/client-config';
import { ConfigContext } from '../../../client/src/lib/config/config-context';
import * as session from '../../../client/src/lib/session/session';
import { DAY, PERIOD_END, PERIOD_START, VISA, billing, billingServer, invoice } from './billing-fixtures';

const app = appConfigSchema.parse(appJson);
const route = (name: string, path: string, title: string): Route => ({ name, path, page: name, meta: { title, requiresAuth: true } });
const routes: Route[] = [
  route('dashboard', '/dashboard', 'Dashboard'),
  route('billing', '/billing', 'Billing'),
  route('billing-receipt', '/billing/receipts/:id', 'Receipt'),
  route('change-plan', '/change-plan', 'Change plan'),
  route('buy-more-credits', '/buy-more-credits', 'Buy more credits'),
  route('activate-subscription', '/activate-subscription', 'Activate subscription'),
  route('update-payment-method', '/update-payment-method', 'Update payment method'),
  route('login', '/', 'Sign in'),
];
const config: ClientConfig = { app, routes, categories: [], table: createRouteTable(routes), guardRules: [] };

async function signIn(role: 'admin' | 'client', extra: Record<string, unknown> = {}) {
  localStorage.setItem('vendorAccessToken', 'token-1');
  localStorage.setItem('vendorRefreshToken', 'refresh-1');
  localStorage.setItem(
    'vendorData',
    JSON.stringify({ id: 1, role, business_name: 'Lone Star Petals', last_completed_step: 1, payment_status: 'active', ability: rulesForRole(role), ...extra }),
  );
  await (session as { prepareSession?: () => Promise<void> }).prepareSession?.();
}

/** Renders `Page` as the route whose path is `at`, opened at `entry` (a path with its params filled in). */
function renderPage(Page: ComponentType, at: string, entry = at) {
  const router = createMemoryRouter(
    routes.map((r) => ({ path: r.path, element: r.path === at ? <Page /> : <p>{r.meta.title} page</p> })),
    { initialEntries: [entry] },
  );
  render(
    <ConfigContext.Provider value={config}>
      <AbilityProvider>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AbilityProvider>
    </ConfigContext.Provider>,
  );
  return router;
}

const preview = (overrides: Partial<PlanChangePreview>): PlanChangePreview => ({
  planId: 'premier',
  change: 'upgrade',
  takesEffect: 'now',
  effectiveAt: PERIOD_START + 10 * DAY,
  amountDueNowCents: 4667,
  creditCents: 5267,
  currency: 'usd',
  description: 'Premier for the rest of this period, less the unused part of Professional.',
  ...overrides,
});

let original: AxiosAdapter | undefined;

beforeEach(() => {
  original = http.defaults.adapter as AxiosAdapter | undefined;
  window.innerWidth = 1280;
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  http.defaults.adapter = original;
});

describe('<PlanChangeSummary> (the preview before a plan change is confirmed)', () => {
  it('when the change is an upgrade, then it shows what is due now, the unused part taken off, that it starts right away, and the button names the amount', () => {
    const upgrade = preview({});
    render(<PlanChangeSummary preview={upgrade} planName="Premier" />);
    const summary = screen.getByTestId('plan-change-summary');
    expect(within(summary).getByText('You pay $46.67 now and Premier starts right away.')).toBeTruthy();
    expect(within(summary).getByText('$46.67')).toBeTruthy();
    expect(within(summary).getByText('$52.67 taken off')).toBeTruthy();
    expect(within(summary).getByText('Right away')).toBeTruthy();
    expect(planChangeAction(upgrade)).toBe('Pay $46.67 now');
  });

  it('when the change is a downgrade, then nothing is due now and it says the day it takes effect', () => {
    const downgrade = preview({
      planId: 'starter',
      change: 'downgrade',
      takesEffect: 'period-end',
      effectiveAt: PERIOD_END,
      amountDueNowCents: 0,
      creditCents: 0,
      description: '',
    });
    render(<PlanChangeSummary preview={downgrade} planName="Starter" />);
    expect(screen.getByText('Starter takes effect on Jul 1, 2027. Nothing is charged now; you keep your current plan until then.')).toBeTruthy();
    expect(screen.getByText('On Jul 1, 2027')).toBeTruthy();
    expect(screen.getByText('$0.00')).toBeTruthy();
    expect(screen.queryByText(/taken off/)).toBeNull();
    expect(planChangeAction(downgrade)).toBe('Switch on Jul 1, 2027');
  });
});

describe('<ChangePlanPage>', () => {
  it('when the owner is on Professional with a downgrade scheduled, then the current plan is marked, the move is said, and an upgrade is confirmed with its preview under one Idempotency-Key', async () => {
    await signIn('admin');
    const server = billingServer();
    const current = billing({
      plan: 'professional',
      status: 'active',
      credits: 45,
      currentPeriodStart: PERIOD_START,
      currentPeriodEnd: PERIOD_END,
      paymentMethod: VISA,
      pendingPlan: 'starter',
    });
    server.on('/api/billing', () => ({ status: 200, body: { data: current } }));
    server.on('/api/billing/plan-change?planId=premier', () => ({ status: 200, body: { data: preview({}) } }));
    server.on('/api/billing/subscription', () => ({ status: 200, body: { data: { ...current, plan: 'premier', pendingPlan: null, credits: 125 } } }));
    http.defaults.adapter = server.adapter;
    renderPage(ChangePlanPage, '/change-plan');

    const professional = await screen.findByRole('group', { name: /Professional/ });
    expect(within(professional).getByText('Current plan')).toBeTruthy();
    expect(screen.getByText('You move to Starter on Jul 1, 2027.')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: /Starter/ })).getByText('Starts Jul 1, 2027')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Premier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Premier?' });
    expect(await within(dialog).findByText('You pay $46.67 now and Premier starts right away.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $46.67 now' }));
    await waitFor(() => expect(server.callsTo('/api/billing/subscription')).toHaveLength(1));
    expect(server.callsTo('/api/billing/subscription')[0]?.body).toEqual({ planId: 'premier' });
    expect(server.keys.find((k) => k.url === '/api/billing/subscription')?.key).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('when the subscription is set to end, then the page says when and offers to keep it', async () => {
    await signIn('admin');
    const server = billingServer();
    server.on('/api/billing', () => ({
      status: 200,
      body: { data: billing({ plan: 'starter', status: 'active', currentPeriodEnd: PERIOD_END, paymentMethod: VISA, cancelAtPeriodEnd: true }) },
    }));
    http.defaults.adapter = server.adapter;
    renderPage(ChangePlanPage, '/change-plan');
    expect(await screen.findByText('Your subscription ends on Jul 1, 2027.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Keep Starter' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });
});

describe('<BuyCreditsPage>', () => {
  it('when the owner buys a pack, then each pack shows its price per credit, the purchase is confirmed, and the balance rises', async () => {
    await signIn('admin');
    const server = billingServer();
    let credits = 10;
    server.on('/api/billing', () => ({ status: 200, body: { data: billing({ credits, paymentMethod: VISA }) } }));
    server.on('/api/billing/credit-purchases', () => {
      credits += 25;
      return { status: 201, body: { data: billing({ credits, paymentMethod: VISA }) } };
    });
    http.defaults.adapter = server.adapter;
    renderPage(BuyCreditsPage, '/buy-more-credits');

    expect((await screen.findByTestId('credit-balance')).textContent).toBe('10');
    const pack = screen.getByRole('group', { name: '25 credits' });
    expect(within(pack).getByText('$55.00')).toBeTruthy();
    expect(within(pack).getByText('$2.20 per credit')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: '10 credits' })).getByText('$2.50 per credit')).toBeTruthy();
    fireEvent.click(within(pack).getByRole('button', { name: 'Buy 25 credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy 25 credits for $55.00?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $55.00' }));
    await waitFor(() => expect(screen.getByTestId('credit-balance').textContent).toBe('35'));
    expect(server.callsTo('/api/billing/credit-purchases')[0]?.body).toEqual({ packId: 'pack-25' });
  });

  it('when there is no card on file, then the card form comes first and the packs cannot be bought yet', async () => {
    await signIn('admin');
    const server = billingServer();
    server.on('/api/billing', () => ({ status: 200, body: { data: billing() } }));
    http.defaults.adapter = server.adapter;
    renderPage(BuyCreditsPage, '/buy-more-credits');
    expect(await screen.findByText('Add a card to buy credits')).toBeTruthy();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Buy 25 credits' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('<UpdatePaymentMethodPage>', () => {
  it('when a renewal failed, then the owner is told which plan, how much, when, and when it is tried again, with the unpaid invoice', async () => {
    await signIn('admin', { payment_status: 'payment_failed' });
    const server = billingServer();
    const open = invoice({
      status: 'open',
      paidAt: null,
      createdAt: PERIOD_END,
      periodStart: PERIOD_END,
      periodEnd: PERIOD_END + 30 * DAY,
      nextAttemptAt: PERIOD_END + 3 * DAY,
      card: { brand: 'visa', last4: '0341' },
    });
    server.on('/api/billing', () => ({
      status: 200,
      body: { data: billing({ plan: 'professional', status: 'payment_failed', paymentMethod: { ...VISA, last4: '0341' }, openInvoice: open }) },
    }));
    http.defaults.adapter = server.adapter;
    renderPage(UpdatePaymentMethodPage, '/update-payment-method');
    expect(
      await screen.findByText(/The renewal of your Professional plan for \$79\.00 failed on Jul 1, 2027\. We will try the card again on Jul 4, 2027\./),
    ).toBeTruthy();
    expect(screen.getByText('Unpaid invoice')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save card and pay $79.00' })).toBeTruthy();
  });

  it('when a team member is locked here, then they are told the owner must update the card, and no billing call is made', async () => {
    await signIn('client', { payment_status: 'payment_failed' });
    const server = billingServer();
    http.defaults.adapter = server.adapter;
    renderPage(UpdatePaymentMethodPage, '/update-payment-method');
    expect(await screen.findByText('The last payment for Lone Star Petals failed')).toBeTruthy();
    expect(screen.getByText(/The account owner needs to update the card on file/)).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(server.calls.filter((call) => call.url.startsWith('/api/billing'))).toEqual([]);
  });
});

describe('<BillingPage>', () => {
  it('when the owner opens billing, then the plan, the invoices with their state and receipts, and the ledger with its running balance show', async () => {
    await signIn('admin');
    const server = billingServer();
    server.on('/api/billing', () => ({
      status: 200,
      body: {
        data: billing({
          plan: 'professional',
          status: 'active',
          credits: 44,
          currentPeriodStart: PERIOD_START,
          currentPeriodEnd: PERIOD_END,
          paymentMethod: VISA,
        }),
      },
    }));
    server.on('/api/billing/invoices?limit=10', () => ({
      status: 200,
      body: {
        data: [
          invoice({
            id: 'inv_2',
            description: '25 credits',
            kind: 'credits',
            amountCents: 5500,
            planId: null,
            planName: null,
            credits: 25,
            periodStart: null,
            periodEnd: null,
          }),
          invoice({ status: 'open', paidAt: null }),
        ],
        nextCursor: 'next',
      },
    }));
    server.on('/api/billing/invoices?limit=10&cursor=next', () => ({
      status: 200,
      body: { data: [invoice({ id: 'inv_0', description: 'Professional plan', status: 'void' })], nextCursor: null },
    }));
    server.on('/api/credits?limit=50', () => ({
      status: 200,
      body: {
        data: {
          balance: 44,
          entries: [
            { id: 'e3', delta: 25, reason: 'purchase', createdAt: PERIOD_START + 2 * DAY, balanceAfter: 44 },
            { id: 'e2', delta: -1, reason: 'lead', createdAt: PERIOD_START + DAY, balanceAfter: 19 },
            { id: 'e1', delta: 10, reason: 'trial', createdAt: PERIOD_START, balanceAfter: 20 },
          ],
          nextCursor: null,
        },
      },
    }));
    http.defaults.adapter = server.adapter;
    renderPage(BillingPage, '/billing');

    expect(await screen.findByText('Renews on Jul 1, 2027')).toBeTruthy();
    const receipt = await screen.findByRole('link', { name: /^Receipt: 25 credits/ });
    expect(receipt.getAttribute('href')).toBe('/billing/receipts/inv_2');
    const unpaid = screen.getByRole('link', { name: /^Receipt: Professional plan, renewal/ }).closest('tr') as HTMLElement;
    expect(within(unpaid).getByText('Unpaid')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more invoices' }));
    const voided = (await screen.findByRole('link', { name: 'Receipt: Professional plan, Jun 1, 2027' })).closest('tr') as HTMLElement;
    expect(within(voided).getByText('Canceled')).toBeTruthy();

    const ledger = (await screen.findByText('Credits bought')).closest('table') as HTMLElement;
    const rows = within(ledger)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Jun 3, 2027', 'Credits bought', '+2525 added', '44'],
      ['Jun 2, 2027', 'Quote sent', '−11 spent', '19'],
      ['Jun 1, 2027', 'Free credits to start', '+1010 added', '20'],
    ]);
  });
});

describe('<ReceiptPage>', () => {
  it('when the owner opens a receipt, then it names the seller of app.json by legal name and postal address, beside the invoice number, amount and card', async () => {
    await signIn('admin');
    const server = billingServer();
    server.on('/api/billing/invoices/inv_1', () => ({ status: 200, body: { data: invoice() } }));
    http.defaults.adapter = server.adapter;
    renderPage(ReceiptPage, '/billing/receipts/:id', '/billing/receipts/inv_1');

    expect(await screen.findByRole('heading', { name: 'Receipt for $79.00' })).toBeTruthy();
    const facts = (row: string) => (screen.getByText(row).closest('tr') as HTMLElement).textContent;
    const seller = screen.getByText('Sold by').closest('tr') as HTMLElement;
    expect(within(seller).getByText(app.seller.legalName)).toBeTruthy();
    expect(within(seller).getByText(app.seller.address.line1)).toBeTruthy();
    expect(within(seller).getByText(`${app.seller.address.city}, ${app.seller.address.region} ${app.seller.address.postalCode}`)).toBeTruthy();
    expect(facts('Invoice number')).toContain('inv_1');
    expect(facts('Card')).toContain('4242');
    expect(facts('Billed to')).toContain('Lone Star Petals');
  });
});
