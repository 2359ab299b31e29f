/**
 * Query keys of the customer's pages. `request(token)` is the request behind a mailed link, which
 * every action invalidates; `confirmation(token)` is the one confirm call a link's first open
 * makes, under a key of its own so that invalidating the request never confirms again;
 * `thread(token, quoteId)` is one quote's conversation, under the request.
 */
export const customerKeys = {
  request: (token: string) => ['customer-request', token] as const,
  confirmation: (token: string) => ['customer-request-confirmation', token] as const,
  thread: (token: string, quoteId: string) => [...customerKeys.request(token), 'messages', quoteId] as const,
};

/** A quote's conversation through the couple's link. */
export function coupleThreadUrl(token: string, quoteId: string): string {
  return `/api/public/requests/${encodeURIComponent(token)}/quotes/${encodeURIComponent(quoteId)}/messages`;
}
