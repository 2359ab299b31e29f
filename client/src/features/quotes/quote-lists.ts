import type { QuoteStatus } from '../../../../shared/contracts/marketplace';

/** The orders a list can take: newest received first, or soonest event first. */
export type ListSort = 'received' | 'event-date';

/** What sets one of the six lists apart: the quotes it holds, its order, its columns and its words. */
export interface QuoteListDefinition {
  status: QuoteStatus;
  /** The order when the vendor has not chosen one. */
  defaultSort: ListSort;
  intro: string;
  /** What an empty list (no filters) says, and what to do about it. */
  emptyTitle: string;
  emptyText: string;
  /** Unopened matches carry a "New" tag and the number of vendors who got the request shows. */
  showNew: boolean;
  showCompetitors: boolean;
  /** The price the vendor quoted. */
  showPrice: boolean;
  showClosedReason: boolean;
}

/** The six lists of routes.json by route name (docs/specification.md §4), each a status of the quotes. */
export const QUOTE_LISTS: Record<string, QuoteListDefinition> = {
  'potential-matches': {
    status: 'potential',
    defaultSort: 'received',
    intro: 'Requests from couples that fit your business. Reading one is free; quoting it spends credits.',
    emptyTitle: 'No potential matches yet',
    emptyText: 'New requests from couples near you will show here.',
    showNew: true,
    showCompetitors: true,
    showPrice: false,
    showClosedReason: false,
  },
  'submitted-quotes': {
    status: 'submitted',
    defaultSort: 'received',
    intro: 'Quotes you sent that are waiting for the couple to accept or decline.',
    emptyTitle: 'No quotes waiting for an answer',
    emptyText: 'Quote a potential match and it will wait here for the couple’s answer.',
    showNew: false,
    showCompetitors: false,
    showPrice: true,
    showClosedReason: false,
  },
  'accepted-quotes': {
    status: 'accepted',
    defaultSort: 'event-date',
    intro: 'Your booked events: the couple accepted your quote.',
    emptyTitle: 'No bookings yet',
    emptyText: 'When a couple accepts one of your quotes, the booking shows here.',
    showNew: false,
    showCompetitors: false,
    showPrice: true,
    showClosedReason: false,
  },
  'completed-quotes': {
    status: 'completed',
    defaultSort: 'received',
    intro: 'Bookings whose event has taken place. The couple is invited to review you the day after.',
    emptyTitle: 'No completed events yet',
    emptyText: 'A booking moves here the day after its event.',
    showNew: false,
    showCompetitors: false,
    showPrice: true,
    showClosedReason: false,
  },
  'rejected-quotes': {
    status: 'rejected',
    defaultSort: 'received',
    intro: 'Quotes the couple turned down.',
    emptyTitle: 'No turned-down quotes',
    emptyText: 'When a couple declines one of your quotes, it shows here.',
    showNew: false,
    showCompetitors: false,
    showPrice: true,
    showClosedReason: false,
  },
  'closed-matches': {
    status: 'closed',
    defaultSort: 'received',
    intro: 'Matches that closed without a booking: declined, expired, withdrawn, or booked with another vendor.',
    emptyTitle: 'No closed matches',
    emptyText: 'Matches you decline, or that close without your quote being booked, show here.',
    showNew: false,
    showCompetitors: false,
    showPrice: true,
    showClosedReason: true,
  },
};

/** Why a closed quote closed, as the vendor reads it. */
const CLOSED_REASONS: Record<string, string> = {
  declined: 'You declined',
  expired: 'Expired without a quote',
  'event-passed': 'The event date passed',
  'booked-elsewhere': 'Booked with another vendor',
  withdrawn: 'The couple withdrew the request',
};

/** The vendor's words for a closed reason; an unknown one is shown as it is, a missing one as a dash. */
export function closedReasonLabel(reason: string | null): string {
  if (!reason) return '—';
  return CLOSED_REASONS[reason] ?? reason;
}

/** The route of the list a quote of `status` lives in (the way back from its page). */
export function listRouteOf(status: QuoteStatus): string {
  return Object.entries(QUOTE_LISTS).find(([, list]) => list.status === status)?.[0] ?? 'potential-matches';
}
