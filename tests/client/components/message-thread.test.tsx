import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../shared/contracts/messages';
import { linkParts } from '../../../client/src/components/linkified-text';
import { MessageThread } from '../../../client/src/components/message-thread';

afterEach(cleanup);

const at = Date.parse('2026-11-20T15:04:00Z');

function message(overrides: Partial<Message>): Message {
  return { id: crypto.randomUUID(), from: 'customer', body: 'Hello', automatic: false, createdAt: at, readAt: null, ...overrides };
}

/** A refused write as axios reports it: the server's 400 problem naming `body`. */
function refused(message: string): AxiosError {
  const headers = new AxiosHeaders();
  return new AxiosError('failed', 'ERR_BAD_REQUEST', { headers }, null, {
    status: 400,
    statusText: '',
    headers: {},
    config: { headers },
    data: {
      type: 'about:blank',
      title: 'Bad',
      status: 400,
      detail: 'Some fields need your attention.',
      code: 'validation-failed',
      errors: [{ path: 'body', message }],
    },
  });
}

describe('linkParts', () => {
  it('when a message holds web addresses, then each is a link without the punctuation that ends the sentence, and the rest is text', () => {
    expect(linkParts('See https://example.com/board, or http://a.test/x?y=1).')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/board', href: 'https://example.com/board' },
      { text: ', or ' },
      { text: 'http://a.test/x?y=1', href: 'http://a.test/x?y=1' },
      { text: ').' },
    ]);
    expect(linkParts('javascript:alert(1) and ftp://x.test stay text')).toEqual([{ text: 'javascript:alert(1) and ftp://x.test stay text' }]);
  });
});

describe('<MessageThread>', () => {
  it('when the messages hold HTML and links, then the HTML is shown as typed, links open in a new tab, and "Read" shows under my last read message', () => {
    const { container } = render(
      <MessageThread
        messages={[
          message({ from: 'vendor', body: 'Our gallery: https://example.com/g', readAt: at + 60_000 }),
          message({ from: 'customer', body: '<img src=x onerror=alert(1)> <b>bold</b>' }),
          message({ from: 'vendor', body: 'Second', readAt: null }),
        ]}
        loading={false}
        failure={null}
        me="vendor"
        otherName="Ana"
        composeLabel="Write to Ana"
        onSend={vi.fn()}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('<img src=x onerror=alert(1)> <b>bold</b>')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'https://example.com/g' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const items = screen.getAllByTestId('thread-message');
    expect(within(items[0] as HTMLElement).getByText(/· Read/)).toBeTruthy();
    expect(within(items[2] as HTMLElement).queryByText(/· Read/)).toBeNull();
  });

  it('when the server refuses a message, then its reason shows under the box and the draft stays', async () => {
    const onSend = vi.fn().mockRejectedValue(refused('Use at most 10,000 characters'));
    render(<MessageThread messages={[]} loading={false} failure={null} me="vendor" otherName="Ana" composeLabel="Write to Ana" onSend={onSend} />);
    expect(screen.getByText('No messages yet. Write to Ana below.')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Write to Ana' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'We are not the right fit.' } });
    fireEvent.click(screen.getByRole('button', { name: /Send/ }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Use at most 10,000 characters'));
    expect(onSend).toHaveBeenCalledWith('We are not the right fit.');
    expect(box.value).toBe('We are not the right fit.');
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('when an empty message is sent, then nothing is sent and the box says to write one; a sent one empties the box', async () => {
    const onSend = vi.fn().mockResolvedValue(undefined);
    render(<MessageThread messages={[]} loading={false} failure={null} me="customer" otherName="Petal Co" composeLabel="Write to Petal Co" onSend={onSend} />);
    fireEvent.click(screen.getByRole('button', { name: /Send/ }));
    expect(screen.getByRole('alert').textContent).toBe('Write a message');
    expect(onSend).not.toHaveBeenCalled();
    const box = screen.getByRole('textbox', { name: 'Write to Petal Co' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '  Hi there  ' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(box.value).toBe(''));
    expect(onSend).toHaveBeenCalledWith('Hi there');
  });

  it('when the vendor picks a quick reply, then its text goes into the box in one click, after what is there, and the box keeps the focus', async () => {
    const onManage = vi.fn();
    render(
      <MessageThread
        messages={[]}
        loading={false}
        failure={null}
        me="vendor"
        otherName="Ana"
        composeLabel="Write to Ana"
        onSend={vi.fn()}
        quickReplies={[
          { id: 'a', title: 'Not available on your date', body: 'We are booked that day.' },
          { id: 'b', title: 'Not a good fit', body: 'We are not the right fit.' },
        ]}
        onManageQuickReplies={onManage}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Write to Ana' }) as HTMLTextAreaElement;
    fireEvent.click(screen.getByRole('button', { name: 'Quick replies' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Not a good fit' }));
    expect(box.value).toBe('We are not the right fit.');
    await waitFor(() => expect(document.activeElement).toBe(box));

    fireEvent.change(box, { target: { value: 'Hi Ana!  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Quick replies' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Not available on your date' }));
    expect(box.value).toBe('Hi Ana!\n\nWe are booked that day.');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.selectionStart).toBe(box.value.length);

    fireEvent.click(screen.getByRole('button', { name: 'Quick replies' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Manage quick replies…' }));
    expect(onManage).toHaveBeenCalledOnce();
    expect(box.value).toBe('Hi Ana!\n\nWe are booked that day.');
  });

  it('when the writer may not change the quick replies or the thread has none, then the menu says so and offers no manager; without quick replies there is no menu', () => {
    const { rerender } = render(
      <MessageThread messages={[]} loading={false} failure={null} me="vendor" otherName="Ana" composeLabel="Write to Ana" onSend={vi.fn()} quickReplies={[]} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Quick replies' }));
    expect(screen.getByRole('menuitem', { name: 'No quick replies yet' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('menuitem', { name: 'Manage quick replies…' })).toBeNull();
    rerender(
      <MessageThread messages={[]} loading={false} failure={null} me="customer" otherName="Petal Co" composeLabel="Write to Petal Co" onSend={vi.fn()} />,
    );
    expect(screen.queryByRole('button', { name: 'Quick replies' })).toBeNull();
  });
});
