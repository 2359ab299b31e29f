import type { QuoteDetail, QuoteStatus } from '../../../../shared/contracts/marketplace';

/** How a quote's status reads on its page: the lists' names, a tag colour, and what it means for the vendor. */
export const QUOTE_DETAIL_STATUS: Record<QuoteStatus, { label: string; color: string; meaning: string }> = {
  potential: { label: 'Potential', color: 'blue', meaning: 'A couple asked for quotes. Reading it is free; quote it or decline it.' },
  submitted: { label: 'Submitted', color: 'purple', meaning: 'Your quote was sent. The couple can accept it or turn it down.' },
  accepted: { label: 'Accepted', color: 'green', meaning: 'The couple booked you. Get in touch to settle the details.' },
  completed: { label: 'Completed', color: 'green', meaning: 'The event took place. The couple was invited to review you.' },
  rejected: { label: 'Rejected', color: 'default', meaning: 'The couple turned your quote down.' },
  closed: { label: 'Closed', color: 'default', meaning: 'This request is closed. It can no longer be quoted.' },
};

type HistoryEvent = QuoteDetail['history'][number];

/** One entry of the status history as shown: what happened, the server's note, when, and its dot's colour. */
export interface HistoryItem {
  key: string;
  title: string;
  note: string | null;
  at: number;
  color: 'blue' | 'green' | 'red' | 'gray';
}

function titleOf(event: HistoryEvent, previous: HistoryEvent | undefined): string {
  // The status did not move: a change beside it, such as credits given back.
  if (previous && previous.status === event.status) return /refund/i.test(event.note ?? '') ? 'Credits refunded' : 'Updated';
  switch (event.status) {
    case 'potential':
      return 'Request received';
    case 'submitted':
      return event.actor === 'vendor' ? 'You sent your quote' : 'Quote sent';
    case 'accepted':
      return 'The couple booked you';
    case 'completed':
      return 'Event completed';
    case 'rejected':
      return 'The couple turned it down';
    case 'closed':
      if (event.actor === 'vendor') return 'You declined';
      return event.actor === 'customer' ? 'Closed by the couple' : 'Closed';
  }
}

function colorOf(title: string, event: HistoryEvent): HistoryItem['color'] {
  if (title === 'Credits refunded' || event.status === 'accepted' || event.status === 'completed') return 'green';
  if (event.status === 'rejected') return 'red';
  if (event.status === 'closed') return 'gray';
  return 'blue';
}

/** The quote's history, oldest first, each status change titled from the vendor's side. */
export function historyItems(history: readonly HistoryEvent[]): HistoryItem[] {
  const ordered = [...history].sort((a, b) => a.at - b.at);
  return ordered.map((event, index) => {
    const title = titleOf(event, ordered[index - 1]);
    return { key: `${String(event.at)}-${String(index)}`, title, note: event.note, at: event.at, color: colorOf(title, event) };
  });
}
