import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COVERAGE_DEBOUNCE_MS } from '../../../client/src/features/customer/api/get-coverage';
import RequestQuotesPage from '../../../client/src/features/customer/request-quotes-page';
import { http } from '../../../client/src/lib/api/http';
import { aPublicVendor, publicServer, renderPage, VENDOR_ID } from './public-harness';
import { unmountAndRestoreClock } from '../support/restore-clock';

const COVERAGE = '/api/public/coverage';

function serveCoverage() {
  const server = publicServer();
  server.on(COVERAGE, (query) => ({
    status: 200,
    body: { data: query.get('place') === 'Marfa, TX' ? { vendors: 0, place: 'Marfa, TX' } : { vendors: 12, place: 'Austin, TX' } },
  }));
  server.on(`/api/public/vendors/${VENDOR_ID}`, () => ({ status: 200, body: { data: aPublicVendor() } }));
  return server;
}

function typePlace(value: string) {
  fireEvent.change(screen.getByLabelText('Where is it?'), { target: { value } });
}

/**
 * Types the place on the test's clock and lets twice the debounce pass on it (with what the lookup
 * would then start), so "nothing was looked up" is read after the lookup would have been made.
 */
async function typePlaceAndWait(value: string) {
  vi.useFakeTimers();
  typePlace(value);
  await act(() => vi.advanceTimersByTimeAsync(COVERAGE_DEBOUNCE_MS * 2));
}

let original: AxiosAdapter | undefined;

describe('<RequestQuotesPage> before sending', () => {
  beforeEach(() => {
    original = http.defaults.adapter as AxiosAdapter | undefined;
  });
  afterEach(() => {
    unmountAndRestoreClock();
    http.defaults.adapter = original;
  });

  it('when the category and the place are set, then the form says how many vendors serve them, looked up once the place stops changing', async () => {
    const server = serveCoverage();
    renderPage('request-quotes', <RequestQuotesPage />, '/request-quotes?category=bakery');
    typePlace('Aus');
    typePlace('Austin, T');
    typePlace('Austin, TX');
    expect((await screen.findAllByText('12 bakeries serve Austin, TX')).length).toBeGreaterThan(0);
    expect(server.callsTo(COVERAGE).map((call) => call.url)).toEqual([`${COVERAGE}?category=bakery&place=Austin%2C+TX`]);
  });

  it('while the place is being looked up, then a line of the same shape says so where the answer will be, and the answer replaces it', async () => {
    const server = serveCoverage();
    let answer: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.on(COVERAGE, async () => {
      await held;
      return { status: 200, body: { data: { vendors: 12, place: 'Austin, TX' } } };
    });
    renderPage('request-quotes', <RequestQuotesPage />, '/request-quotes?category=bakery');
    typePlace('Austin, TX');
    // While the lookup is held: the line the answer takes over is already there.
    const [checking] = await screen.findAllByText('Checking who serves Austin, TX…');
    expect(checking?.closest('.ant-alert')).toBeTruthy();
    await waitFor(() => expect(server.callsTo(COVERAGE)).toHaveLength(1));
    expect(screen.getAllByText('Checking who serves Austin, TX…').length).toBeGreaterThan(0);
    answer?.();
    expect((await screen.findAllByText('12 bakeries serve Austin, TX')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Checking who serves Austin, TX…')).toBeNull();
  });

  it('when the place is not written as one yet, or the server refuses it, then nothing is said', async () => {
    const server = serveCoverage();
    server.on(COVERAGE, () => ({ status: 400, body: { type: 'about:blank', title: 'Bad Request', status: 400 } }));
    renderPage('request-quotes', <RequestQuotesPage />, '/request-quotes?category=bakery');
    typePlace('Aus');
    expect(screen.queryByText(/Checking who serves/)).toBeNull();
    typePlace('Austin, TX');
    await waitFor(() => expect(server.callsTo(COVERAGE)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(/Checking who serves/)).toBeNull());
    expect(screen.queryByText(/serve Austin, TX/)).toBeNull();
  });

  it('when no vendor serves the place, then a warning says so and suggests a larger city or the ZIP code', async () => {
    serveCoverage();
    renderPage('request-quotes', <RequestQuotesPage />, '/request-quotes?category=bakery');
    typePlace('Marfa, TX');
    const [warning] = await screen.findAllByText('No bakeries serve Marfa, TX yet — try a nearby larger city or your ZIP code');
    expect(warning?.closest('.ant-alert-warning')).toBeTruthy();
  });

  it('when no category is chosen yet, then nothing is looked up', async () => {
    const server = serveCoverage();
    renderPage('request-quotes', <RequestQuotesPage />, '/request-quotes');
    await typePlaceAndWait('Austin, TX');
    expect(server.callsTo(COVERAGE)).toHaveLength(0);
    expect(screen.queryByText(/serve Austin, TX/)).toBeNull();
  });

  it("when the form comes from a vendor's profile (?vendor=), then it names the vendor the request goes to and looks nothing up", async () => {
    const server = serveCoverage();
    renderPage('request-quotes', <RequestQuotesPage />, `/request-quotes?category=bakery&vendor=${VENDOR_ID}`);
    expect(await screen.findByText('Your request goes to Sweet Layers Bakery only')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Request a quote from Sweet Layers Bakery' })).toBeTruthy();
    await typePlaceAndWait('Austin, TX');
    expect(server.callsTo(COVERAGE)).toHaveLength(0);
  });

  it('when the form opens, then it links back to the directory', async () => {
    serveCoverage();
    renderPage('request-quotes', <RequestQuotesPage />, '/request-quotes');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Browse vendors' }).getAttribute('href')).toBe('/vendors'));
  });
});
