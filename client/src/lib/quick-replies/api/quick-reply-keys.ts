/**
 * The query key of `GET /api/message-snippets`: the business's quick replies, one cache entry that
 * every composer (the inbox, a quote's page) and the decline dialog read; saving one updates it.
 */
export const quickReplyKeys = {
  all: ['quick-replies'] as const,
};
