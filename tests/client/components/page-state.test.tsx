import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageFrame } from '../../../client/src/components/page-frame';
import { loadFailure, PageState } from '../../../client/src/components/page-state';

afterEach(cleanup);

/** A failed read as axios reports it: the server's problem+json under `response.data`. */
function problemError(status: number, detail: string): AxiosError {
  const headers = new AxiosHeaders();
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', { headers }, null, {
    status,
    statusText: '',
    headers: {},
    config: { headers },
    data: { type: 'about:blank', title: 'Failed', status, detail },
  });
}

describe('<PageState>', () => {
  it('when the read is on its way, then a skeleton shows, marked busy, and not what the page shows once loaded', () => {
    const { container } = render(
      <PageState loading>
        <p>The rows</p>
      </PageState>,
    );
    expect(container.querySelector('[aria-busy="true"] .ant-skeleton')).toBeTruthy();
    expect(screen.queryByText('The rows')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("when the read failed, then an alert says what could not be loaded with the server's reason, and Try again calls the query's refetch", () => {
    const refetch = vi.fn();
    render(
      <PageState failure={loadFailure('Your billing', { isError: true, error: problemError(500, 'The billing service is down.'), refetch })} loading>
        <p>The rows</p>
      </PageState>,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Your billing could not be loaded.')).toBeTruthy();
    expect(within(alert).getByText('The billing service is down.')).toBeTruthy();
    expect(screen.queryByText('The rows')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it("when the read failed without a problem document, then the alert says to check the connection; a given detail replaces the server's", () => {
    const { rerender } = render(
      <PageState failure={loadFailure('The list', { isError: true, error: new Error('Network Error'), refetch: () => undefined })} />,
    );
    expect(within(screen.getByRole('alert')).getByText('Check your connection, then try again.')).toBeTruthy();
    rerender(
      <PageState
        failure={loadFailure(
          'The plans',
          { isError: true, error: problemError(403, 'Forbidden'), refetch: () => undefined },
          'Only the account owner can see billing.',
        )}
      />,
    );
    expect(within(screen.getByRole('alert')).getByText('The plans could not be loaded.')).toBeTruthy();
    expect(screen.getByText('Only the account owner can see billing.')).toBeTruthy();
    expect(screen.queryByText('Forbidden')).toBeNull();
  });

  it('when the query has not failed, then there is no failure to show', () => {
    expect(loadFailure('The team', { isError: false, error: null, refetch: () => undefined })).toBeNull();
  });

  it('when the answer is empty, then the empty notice and its action show instead of the content', () => {
    const clear = vi.fn();
    render(
      <PageState empty="No quotes match these filters." emptyAction={<button onClick={clear}>Clear filters</button>}>
        <p>The rows</p>
      </PageState>,
    );
    expect(screen.getByText('No quotes match these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(clear).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('The rows')).toBeNull();
  });

  it('when the data is there and not empty, then only the content shows', () => {
    render(
      <PageState failure={null} loading={false} empty={null}>
        <p>The rows</p>
      </PageState>,
    );
    expect(screen.getByText('The rows')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('<PageFrame>', () => {
  it('when a page is drawn, then it is a region named by its level-2 title (#page-title), with its intro and content', () => {
    render(
      <PageFrame title="Billing" intro="Your plan and receipts." className="billing">
        <p>Content</p>
      </PageFrame>,
    );
    const region = screen.getByRole('region', { name: 'Billing' });
    expect(region.classList.contains('page')).toBe(true);
    expect(region.classList.contains('billing')).toBe(true);
    const heading = within(region).getByRole('heading', { level: 2, name: 'Billing' });
    expect(heading.id).toBe('page-title');
    expect(within(region).getByText('Your plan and receipts.')).toBeTruthy();
    expect(within(region).getByText('Content')).toBeTruthy();
  });

  it('when the page has something beside its title and is a full page, then both show, the title at level 1', () => {
    render(<PageFrame title="Raccoon River Flowers" level={1} extra={<span>Saved</span>} />);
    const region = screen.getByRole('region', { name: 'Raccoon River Flowers' });
    expect(within(region).getByRole('heading', { level: 1, name: 'Raccoon River Flowers' })).toBeTruthy();
    expect(within(region).getByText('Saved')).toBeTruthy();
  });

  it('when the page cannot name itself yet, then it has no heading and points at none, and shows its state', () => {
    const { container } = render(
      <PageFrame>
        <PageState loading />
      </PageFrame>,
    );
    const section = container.querySelector('section.page');
    expect(section?.getAttribute('aria-labelledby')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(container.querySelector('[aria-busy="true"]')).toBeTruthy();
  });

  it('when a page state fails inside a frame, then the title stays and Try again reads again', () => {
    const refetch = vi.fn();
    render(
      <PageFrame title="Receipt">
        <PageState failure={loadFailure('This receipt', { isError: true, error: new Error('offline'), refetch })} />
      </PageFrame>,
    );
    const region = screen.getByRole('region', { name: 'Receipt' });
    fireEvent.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(within(region).getByRole('alert').textContent).toContain('This receipt could not be loaded.');
  });
});
