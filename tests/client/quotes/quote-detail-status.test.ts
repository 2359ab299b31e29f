import { describe, expect, it } from 'vitest';
import type { QuoteDetail } from '../../../shared/contracts/marketplace';
import { historyItems, QUOTE_DETAIL_STATUS } from '../../../client/src/features/quotes/quote-detail-status';

type Event = QuoteDetail['history'][number];
const at = (minutes: number) => Date.UTC(2027, 0, 10, 9, minutes);

describe('historyItems', () => {
  it('when a match is quoted, booked and completed, then the history reads from the vendor’s side, oldest first, with the server’s notes', () => {
    const history: Event[] = [
      { status: 'completed', actor: 'system', note: 'The event took place', at: at(30) },
      { status: 'potential', actor: 'system', note: 'Matched with the request', at: at(0) },
      { status: 'submitted', actor: 'vendor', note: '2 credits spent', at: at(10) },
      { status: 'accepted', actor: 'customer', note: 'Booked by the couple', at: at(20) },
    ];
    expect(historyItems(history).map(({ title, note, color }) => ({ title, note, color }))).toEqual([
      { title: 'Request received', note: 'Matched with the request', color: 'blue' },
      { title: 'You sent your quote', note: '2 credits spent', color: 'blue' },
      { title: 'The couple booked you', note: 'Booked by the couple', color: 'green' },
      { title: 'Event completed', note: 'The event took place', color: 'green' },
    ]);
  });

  it('when a match closes, then who closed it is named; a change that keeps the status and gives credits back reads as a refund', () => {
    const titles = (history: Event[]) => historyItems(history).map((item) => item.title);
    expect(titles([{ status: 'closed', actor: 'vendor', note: 'Declined: Fully booked that day', at: at(1) }])).toEqual(['You declined']);
    expect(titles([{ status: 'closed', actor: 'customer', note: 'The couple booked another vendor', at: at(1) }])).toEqual(['Closed by the couple']);
    expect(titles([{ status: 'closed', actor: 'system', note: 'Not quoted within 30 days', at: at(1) }])).toEqual(['Closed']);
    expect(titles([{ status: 'rejected', actor: 'customer', note: 'Turned down by the couple', at: at(1) }])).toEqual(['The couple turned it down']);
    expect(
      historyItems([
        { status: 'submitted', actor: 'vendor', note: '1 credit spent', at: at(1) },
        { status: 'submitted', actor: 'system', note: '1 credit refunded: not opened within 48 hours', at: at(2) },
      ])[1],
    ).toMatchObject({ title: 'Credits refunded', color: 'green' });
  });
});

describe('QUOTE_DETAIL_STATUS', () => {
  it('when a status is shown, then it carries the name of its list', () => {
    expect(Object.fromEntries(Object.entries(QUOTE_DETAIL_STATUS).map(([status, shown]) => [status, shown.label]))).toEqual({
      potential: 'Potential',
      submitted: 'Submitted',
      accepted: 'Accepted',
      completed: 'Completed',
      rejected: 'Rejected',
      closed: 'Closed',
    });
  });
});
