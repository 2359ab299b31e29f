/**
 * The query key of `GET /api/credits`: the balance and the ledger, one cache entry that the
 * dashboard, a quote's page and billing's credit history all read. Sending a quote, a refund and
 * any billing change invalidate it.
 */
export const creditKeys = {
  all: ['credits'] as const,
};
