import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Credits, Quote } from '../../../shared/contracts/marketplace';
import { useBuyCredits } from '../../../client/src/features/billing/api/buy-credits';
import { LedgerCard } from '../../../client/src/features/billing/components/ledger-card';
import { useSubmitQuote } from '../../../client/src/features/quotes/api/submit-quote';
import { http } from '../../../client/src/lib/api/http';
import { createQueryClient } from '../../../client/src/lib/api/query-client';
import { creditBalanceOf, useCredits } from '../../../client/src/lib/credits/api/get-credits';
import { billing } from '../billing/billing-fixtures';
import { createFakeServer } from '../http-test-server';

const DAY = 86_400_000;
const START = Date.UTC(2027, 5, 1, 12);
const CREDITS_URL = '/api/credits?limit=50';

const quote: Quote = {
  id: 'q1',
  requestId: 'r1',
  status: 'submitted',
  category: 'florist',
  eventDate: '2027-09-18',
  location: 'Des Moines, IA',
  guests: 120,
  budgetCents: null,
  details: {},
  customer: { name: 'Ellis Marlowe', email: 'ellis@example.com' },
  priceCents: 180_000,
  message: 'Happy to help.',
  quoteDetails: {},
  leadCost: 1,
  refunded: false,
  closedReason: null,
  opened: true,
  createdAt: START,
  updatedAt: START,
};

/** What the dashboard's credits widget shows: the balance from the same hook the ledger reads. */
function Balance() {
  const credits = useCredits();
  const balance = creditBalanceOf(credits.data);
  return <p data-testid="balance">{balance === undefined ? 'loading' : `${balance} credits`}</p>;
}

function SendQuote() {
  const submit = useSubmitQuote('q1');
  return (
    <button type="button" onClick={() => submit.mutate({ body: { priceCents: 180_000, message: 'Happy to help.', details: {} }, idempotencyKey: 'key-1' })}>
      Send quote
    </button>
  );
}

function BuyPack() {
  const buy = useBuyCredits();
  return (
    <button type="button" onClick={() => buy.mutate({ packId: 'pack-10', idempotencyKey: 'key-2' })}>
      Buy 10 credits
    </button>
  );
}

/** A server whose ledger gains a row for every quote sent and every pack bought. */
function creditsServer() {
  const server = createFakeServer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
  const ledger: Credits = { balance: 5, entries: [{ id: 'e1', delta: 5, reason: 'trial', createdAt: START, balanceAfter: 5 }], nextCursor: null };
  const add = (delta: number, reason: Credits['entries'][number]['reason'], extra: { quoteId?: string } = {}) => {
    ledger.balance += delta;
    ledger.entries = [
      { id: `e${ledger.entries.length + 1}`, delta, reason, createdAt: START + ledger.entries.length * DAY, balanceAfter: ledger.balance, ...extra },
      ...ledger.entries,
    ];
  };
  server.on(CREDITS_URL, () => ({ status: 200, body: { data: structuredClone(ledger) } }));
  server.on('/api/quotes/q1/submit', () => {
    add(-1, 'lead', { quoteId: 'q1' });
    return { status: 200, body: { data: quote, credits: { balance: ledger.balance } } };
  });
  server.on('/api/billing/credit-purchases', () => {
    add(10, 'purchase');
    return { status: 200, body: { data: billing({ credits: ledger.balance }) } };
  });
  http.defaults.adapter = server.adapter;
  return server;
}

function renderCredits(extra: ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Balance />
      <LedgerCard />
      {extra}
    </QueryClientProvider>,
  );
}

const ledgerRows = () =>
  within(screen.getByRole('region', { name: 'Credit history' }))
    .getAllByRole('row')
    .slice(1);

let original: AxiosAdapter | undefined;

describe('GET /api/credits: one hook, one cache key', () => {
  beforeEach(() => {
    original = http.defaults.adapter as AxiosAdapter | undefined;
    localStorage.setItem('vendorAccessToken', 'token-1');
    localStorage.setItem('vendorRefreshToken', 'refresh-1');
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    http.defaults.adapter = original;
  });

  it('when the balance and the credit history show together, then the credits are read once', async () => {
    const server = creditsServer();
    renderCredits(null);
    expect(await screen.findByText('5 credits')).toBeTruthy();
    await waitFor(() => expect(ledgerRows()).toHaveLength(1));
    expect(server.callsTo(CREDITS_URL)).toHaveLength(1);
  });

  it('when a quote is sent, then the credit history reads the ledger again and shows the credit spent, and the balance follows', async () => {
    const server = creditsServer();
    renderCredits(<SendQuote />);
    await waitFor(() => expect(ledgerRows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(ledgerRows()).toHaveLength(2));
    expect(within(ledgerRows()[0] as HTMLElement).getByText('1 spent')).toBeTruthy();
    expect(screen.getByTestId('balance').textContent).toBe('4 credits');
    expect(server.callsTo(CREDITS_URL)).toHaveLength(2);
  });

  it('when a billing change (buying credits) answers, then the same ledger is read again', async () => {
    const server = creditsServer();
    renderCredits(<BuyPack />);
    await waitFor(() => expect(ledgerRows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Buy 10 credits' }));
    await waitFor(() => expect(ledgerRows()).toHaveLength(2));
    expect(within(ledgerRows()[0] as HTMLElement).getByText('10 added')).toBeTruthy();
    expect(screen.getByTestId('balance').textContent).toBe('15 credits');
    expect(server.callsTo(CREDITS_URL)).toHaveLength(2);
  });
});
