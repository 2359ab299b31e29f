import type { QuoteStatus, RequestStatus } from '../../../../shared/contracts/marketplace';

/** How a quote's status reads to the customer, and its tag's colour. */
export const QUOTE_STATUS: Record<QuoteStatus, { label: string; color: string }> = {
  potential: { label: 'Preparing a quote', color: 'default' },
  submitted: { label: 'Waiting for your answer', color: 'purple' },
  accepted: { label: 'Booked', color: 'green' },
  completed: { label: 'Completed', color: 'green' },
  rejected: { label: 'Turned down', color: 'default' },
  closed: { label: 'Closed', color: 'default' },
};

/** How the request's status reads to the customer. */
export const REQUEST_STATUS: Record<RequestStatus, { label: string; color: string; note: string }> = {
  unconfirmed: { label: 'Not sent yet', color: 'orange', note: 'Open the link in your email to send it to vendors.' },
  open: { label: 'Open', color: 'purple', note: 'Vendors can send you quotes.' },
  booked: { label: 'Booked', color: 'green', note: 'You booked a vendor. The other quotes are closed.' },
  withdrawn: { label: 'Withdrawn', color: 'default', note: 'You withdrew this request. Vendors can no longer quote.' },
  closed: { label: 'Closed', color: 'default', note: 'This request is closed. Vendors can no longer quote.' },
};
