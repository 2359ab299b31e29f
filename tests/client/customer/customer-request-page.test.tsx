import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerRequest } from '../../../shared/contracts/marketplace';
import CustomerRequestPage from '../../../client/src/features/customer/customer-request-page';
import { matchingPollDelay } from '../../../client/src/features/customer/matching-poll-delay';
import { http } from '../../../client/src/lib/api/http';
import { createQueryClient } from '../../../client/src/lib/api/query-client';
import { ConfigContext } from '../../../client/src/lib/config/config-context';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { config, publicServer } from '../public/public-harness';
import { unmountAndRestoreClock } from '../support/restore-clock';

const TOKEN = '6f1c2a7e-0d8b-4c3e-9a51-2b7d9e0f4c11.signature';
const PAGE = `/api/public/requests/${encodeURIComponent(TOKEN)}`;
const CONFIRM = `${PAGE}/confirm`;

function aRequest(extra: Partial<CustomerRequest> = {}): CustomerRequest {
  return {
    id: '6f1c2a7e-0d8b-4c3e-9a51-2b7d9e0f4c11',
    status: 'open',
    category: 'florist',
    eventDate: '2027-06-12',
    location: 'Denver, CO',
    guests: 90,
    budgetCents: 300_000,
    details: {},
    customer: { name: 'Sam Rivera' },
    matching: false,
    matched: 0,
    quotes: [],
    ...extra,
  };
}

/** The couple's API: the confirm answers `confirmed`; each read of the page answers the next of `reads` (the last one again after). */
function serveRequest(confirmed: CustomerRequest, reads: CustomerRequest[]) {
  const server = publicServer();
  server.on(CONFIRM, () => ({ status: 200, body: { data: confirmed } }));
  server.on(PAGE, () => ({ status: 200, body: { data: reads[Math.min(server.callsTo(PAGE).length - 1, reads.length - 1)] } }));
  server.on('/api/config/forms/request-florist', () => ({
    status: 200,
    body: { id: 'request-florist', version: 1, schema: { type: 'object', properties: {} }, uiSchema: {} },
  }));
  return server;
}

function renderRequestPage() {
  const router = createMemoryRouter([{ path: '/requests/:token', element: <CustomerRequestPage /> }], { initialEntries: [`/requests/${TOKEN}`] });
  render(
    <ConfigContext.Provider value={config}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigContext.Provider>,
  );
}

let original: AxiosAdapter | undefined;

describe("<CustomerRequestPage> on the link's first open", () => {
  beforeEach(() => {
    original = http.defaults.adapter as AxiosAdapter | undefined;
  });
  afterEach(() => {
    unmountAndRestoreClock();
    http.defaults.adapter = original;
  });

  it('when the confirm answers before matching has run, then the page is drawn from that answer, says vendors are being found, and reads again until it can say to how many it went', async () => {
    const server = serveRequest(aRequest({ matching: true }), [aRequest({ matching: true }), aRequest({ matched: 2 })]);
    renderRequestPage();

    const finding = await screen.findByText('Finding vendors for you…');
    expect(server.callsTo(PAGE)).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Your florist request' })).toBeTruthy();
    expect(finding.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText('Finding vendors…')).toBeTruthy();

    const sent = await screen.findByText('Sent to 2 vendors. You will get an email when a quote arrives.');

    expect(within(sent.closest('[role="status"]') as HTMLElement).queryByText('Finding vendors for you…')).toBeNull();
    expect(screen.getByText('2 vendors')).toBeTruthy();
    expect(server.callsTo(PAGE)).toHaveLength(2);
    expect(server.callsTo(CONFIRM)).toHaveLength(1);
  });

  it('when the link was opened before and the request is matched already, then the page says where it went and reads nothing more', async () => {
    const server = serveRequest(aRequest({ matched: 3 }), [aRequest({ matched: 3 })]);
    renderRequestPage();

    expect(await screen.findByText('Sent to 3 vendors. You will get an email when a quote arrives.')).toBeTruthy();
    // Twice the longest wait between two reads, on the test's clock: a read would have been made by then.
    vi.useFakeTimers();
    await act(() => vi.advanceTimersByTimeAsync(matchingPollDelay(Number.MAX_SAFE_INTEGER) * 2));

    expect(screen.queryByText('Finding vendors for you…')).toBeNull();
    expect(server.callsTo(PAGE)).toHaveLength(0);
  });
});
