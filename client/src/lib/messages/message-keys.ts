/**
 * Query keys of the business's messages: the inbox (per search), each quote's thread, and the
 * unread count of the menu's badge. Writing in a thread reads all of them again.
 */
export const messageKeys = {
  all: ['messages'] as const,
  threads: (q: string) => [...messageKeys.all, 'threads', q] as const,
  thread: (quoteId: string) => [...messageKeys.all, 'thread', quoteId] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
};
