/**
 * Query keys of the customer's pages. `request(token)` is the request behind a mailed link, which
 * every action invalidates; `confirmation(token)` is the one confirm call a link's first open
 * makes, under a key of its own so that invalidating the request never confirms again.
 */
export const customerKeys = {
  request: (token: string) => ['customer-request', token] as const,
  confirmation: (token: string) => ['customer-request-confirmation', token] as const,
};
