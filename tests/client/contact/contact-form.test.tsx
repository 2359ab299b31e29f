import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContactReceipt } from '../../../shared/contracts/support';
import { ContactForm } from '../../../client/src/features/contact/components/contact-form';
import { http } from '../../../client/src/lib/api/http';
import { createQueryClient } from '../../../client/src/lib/api/query-client';
import { createFakeServer, heldReply, type FakeReply } from '../http-test-server';

const GOOD = 'Our invoice shows two charges for the same month.';

/** A server whose `POST /api/contact` answers `reply` (or what `reply` resolves to). */
function contactServer(reply: FakeReply | (() => Promise<FakeReply>)) {
  const server = createFakeServer({ accessToken: 'token-1', refreshToken: 'refresh-1' });
  server.on('/api/contact', typeof reply === 'function' ? reply : () => reply);
  return server;
}

function renderForm(onSent: (receipt: ContactReceipt) => void = () => {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ContactForm onSent={onSent} />
    </QueryClientProvider>,
  );
}

async function chooseTopic(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Topic' }));
  fireEvent.click(await screen.findByTitle(label));
  await act(async () => {});
}

function typeMessage(text: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Your message' }), { target: { value: text } });
}

let original: AxiosAdapter | undefined;

describe('<ContactForm>', () => {
  beforeEach(() => {
    original = http.defaults.adapter as AxiosAdapter | undefined;
    localStorage.setItem('vendorAccessToken', 'token-1');
    localStorage.setItem('vendorRefreshToken', 'refresh-1');
  });
  afterEach(() => {
    cleanup();
    http.defaults.adapter = original;
    localStorage.clear();
  });

  it('when the message is sent, then Send reads "Sending…" and is disabled meanwhile, the topic and the text go to POST /api/contact and the receipt is handed on', async () => {
    const held = heldReply({ status: 202, body: { data: { replyTo: 'owner@example.com', copySent: true } } });
    const server = contactServer(held.handler);
    http.defaults.adapter = server.adapter;
    const receipts: ContactReceipt[] = [];
    renderForm((receipt) => receipts.push(receipt));

    await chooseTopic('Billing, plans and credits');
    typeMessage(GOOD);
    expect(screen.getByText(`${GOOD.length} / 5,000`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('button', { name: 'Sending…' })).hasAttribute('disabled')).toBe(true);
    held.release();

    await waitFor(() => expect(receipts).toEqual([{ replyTo: 'owner@example.com', copySent: true }]));
    expect(server.callsTo('/api/contact')).toEqual([expect.objectContaining({ method: 'POST', body: { topic: 'billing', message: GOOD } })]);
  });

  it('when the server refuses a field, then its message shows under that field and the form stays as typed', async () => {
    const server = contactServer({
      status: 400,
      body: {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'The request is not valid.',
        code: 'validation-failed',
        errors: [{ path: 'topic', message: 'Choose a topic' }],
      },
    });
    http.defaults.adapter = server.adapter;
    renderForm();

    await chooseTopic('Something else');
    typeMessage(GOOD);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Choose a topic')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement).value).toBe(GOOD);
    expect(server.callsTo('/api/contact')).toHaveLength(1);
  });

  it('when the topic is missing or the message too short, then the fields say so and nothing is sent', async () => {
    const server = contactServer({ status: 202, body: { data: { replyTo: 'owner@example.com', copySent: true } } });
    http.defaults.adapter = server.adapter;
    renderForm();

    typeMessage('   Too short   ');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Choose a topic')).toBeTruthy();
    expect(await screen.findByText('Write at least 10 characters')).toBeTruthy();
    expect(server.callsTo('/api/contact')).toEqual([]);
  });

  it('when the limit is reached, then the problem’s detail shows above the button', async () => {
    const server = contactServer({
      status: 429,
      body: {
        type: 'about:blank',
        title: 'Too Many Requests',
        status: 429,
        detail: 'Too many attempts. Please wait a few minutes and try again.',
        code: 'rate-limited',
      },
    });
    http.defaults.adapter = server.adapter;
    renderForm();

    await chooseTopic('Leads and quotes');
    typeMessage(GOOD);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Too many attempts. Please wait a few minutes and try again.');
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });
});
