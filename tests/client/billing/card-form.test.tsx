import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { providerHttp } from '../../../client/src/features/billing/api/tokenize-card';
import { CardForm } from '../../../client/src/features/billing/components/card-form';
import { http } from '../../../client/src/lib/api/http';
import { createQueryClient } from '../../../client/src/lib/api/query-client';
import { VISA, billing, billingServer, problem } from './billing-fixtures';

let originals: (AxiosAdapter | undefined)[] = [];

function renderForm(onSaved = vi.fn(), declinedMessage?: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CardForm id="test-card" submitLabel="Save card" onSaved={onSaved} declinedMessage={declinedMessage} />
    </QueryClientProvider>,
  );
  return onSaved;
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillCard(number = '4242424242424242') {
  type('Card number', number);
  type('Expiry month', '12');
  type('Expiry year', '2030');
  type('Security code', '123');
}

/** A provider that tokenises every card as pm_test…, and a billing API that saves it. */
function happyServer() {
  const server = billingServer();
  let tokens = 0;
  server.on('/sandbox/payment-methods', (call) => {
    tokens += 1;
    const body = call.body as { number: string };
    return { status: 201, body: { id: `pm_test${String(tokens).padStart(8, '0')}`, brand: 'visa', last4: body.number.slice(-4) } };
  });
  server.on('/api/billing/payment-method', () => ({ status: 200, body: { data: billing({ paymentMethod: VISA }) } }));
  http.defaults.adapter = server.adapter;
  providerHttp.defaults.adapter = server.adapter;
  return server;
}

describe('<CardForm>', () => {
  beforeEach(() => {
    originals = [http.defaults.adapter as AxiosAdapter | undefined, providerHttp.defaults.adapter as AxiosAdapter | undefined];
    localStorage.setItem('vendorAccessToken', 'token-1');
    localStorage.setItem('vendorRefreshToken', 'refresh-1');
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    [http.defaults.adapter, providerHttp.defaults.adapter] = originals;
  });

  it('when the number is typed, then it is spaced in groups of four and the network shows', async () => {
    happyServer();
    renderForm();
    type('Card number', '42424242');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242');
    expect(await screen.findByText('Visa')).toBeTruthy();
  });

  it('when the form is sent with mistakes, then each field says what is wrong and nothing leaves the browser', async () => {
    const server = happyServer();
    renderForm();
    type('Card number', '4242 4242 4242 4243');
    type('Expiry month', '13');
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('This card number is not right. Check the digits')).toBeTruthy();
    expect(screen.getByText('Enter a month from 1 to 12')).toBeTruthy();
    expect(screen.getByText('Enter the expiry year')).toBeTruthy();
    expect(screen.getByText('Enter the security code')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('when a good card is saved, then the provider gets the card without the session token, and billing gets only its token with an Idempotency-Key', async () => {
    const server = happyServer();
    const onSaved = renderForm();
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(billing({ paymentMethod: VISA })));
    const [tokenise, save] = server.calls;
    expect(tokenise).toMatchObject({
      method: 'POST',
      url: '/sandbox/payment-methods',
      authorization: null,
      body: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    expect(save).toMatchObject({
      method: 'PUT',
      url: '/api/billing/payment-method',
      authorization: 'Bearer token-1',
      body: { paymentMethodId: 'pm_test00000001' },
    });
    expect(server.keys.find((k) => k.url === '/api/billing/payment-method')?.key).toMatch(/^[\x21-\x7e]{8,}$/);
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('');
  });

  it('when the card is declined, then the form says so, keeps what was typed, and the next try is a new action with a new key', async () => {
    const server = happyServer();
    server.on('/api/billing/payment-method', () => problem(402, 'card-declined', 'Your card was declined.'));
    const onSaved = renderForm();
    fillCard('4000000000000002');
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Your card was declined. Nothing was charged. Try another card.')).toBeTruthy();
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4000 0000 0000 0002');
    expect(onSaved).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(server.keys.filter((k) => k.url === '/api/billing/payment-method')).toHaveLength(2));
    const [first, second] = server.keys.filter((k) => k.url === '/api/billing/payment-method');
    expect(second?.key).not.toBe(first?.key);
  });

  it('when the connection drops while the card is attached, then pressing again sends the same token under the same key', async () => {
    const server = happyServer();
    let attempts = 0;
    server.on('/api/billing/payment-method', () => {
      attempts += 1;
      return attempts === 1 ? 'network-error' : { status: 200, body: { data: billing({ paymentMethod: VISA }) } };
    });
    const onSaved = renderForm();
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText(/We could not reach the server/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(server.callsTo('/sandbox/payment-methods')).toHaveLength(1);
    const puts = server.keys.filter((k) => k.url === '/api/billing/payment-method');
    expect(puts).toHaveLength(2);
    expect(puts[1]?.key).toBe(puts[0]?.key);
  });

  it("when the provider refuses a field, then its message shows on that field; a payment that fails says the page's own words", async () => {
    const server = happyServer();
    server.on('/sandbox/payment-methods', () =>
      problem(400, 'validation-failed', 'Check the card', [{ path: 'cvc', message: 'The security code is not right' }]),
    );
    renderForm(vi.fn(), 'This card was declined too, so the renewal is still unpaid.');
    fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('The security code is not right')).toBeTruthy();
    server.on('/sandbox/payment-methods', () => problem(402, 'card-declined', 'Declined'));
    type('Security code', '321');
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('This card was declined too, so the renewal is still unpaid.')).toBeTruthy();
  });
});
