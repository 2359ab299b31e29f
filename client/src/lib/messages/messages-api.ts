import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageSchema, threadsResponseSchema, unreadMessagesSchema, type Message, type ThreadSummary } from '../../../../shared/contracts/messages';
import { z } from 'zod';
import { getData, getEnvelope, type ReadOptions } from '../api/get-data';
import { sendData } from '../api/send-data';
import { messageKeys } from './message-keys';

/** `GET /api/messages/threads?q&cursor`: one page of the inbox. */
export function listThreads(q: string, cursor: string | null, options?: ReadOptions): Promise<{ data: ThreadSummary[]; nextCursor: string | null }> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return getEnvelope(threadsResponseSchema, `/api/messages/threads?${params.toString()}`, options);
}

/** The inbox, page after page; while a new search loads, the last results stay shown. */
export function useThreads(q: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.threads(q),
    queryFn: ({ pageParam, signal }) => listThreads(q, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

/** `GET /api/quotes/:id/messages`: the thread (the couple's messages are read from then on). */
export function getThread(quoteId: string, options?: ReadOptions): Promise<Message[]> {
  return getData(z.array(messageSchema), `/api/quotes/${encodeURIComponent(quoteId)}/messages`, options);
}

/**
 * A quote's thread, read again when a live event says it changed. Reading it clears the couple's
 * unread messages: when it had some (or they were not known yet), the inbox and the badge are read again.
 */
export function useThread(quoteId: string, options: { enabled?: boolean } = {}) {
  const client = useQueryClient();
  return useQuery({
    queryKey: messageKeys.thread(quoteId),
    queryFn: async ({ signal }) => {
      const before = client.getQueryData<Message[]>(messageKeys.thread(quoteId));
      const messages = await getThread(quoteId, { signal });
      const cleared = !before || before.length !== messages.length || before.some((message) => message.from === 'customer' && message.readAt === null);
      if (cleared) {
        void client.invalidateQueries({ queryKey: messageKeys.unread() });
        void client.invalidateQueries({ queryKey: [...messageKeys.all, 'threads'] });
      }
      return messages;
    },
    enabled: (options.enabled ?? true) && quoteId !== '',
    refetchOnWindowFocus: true,
  });
}

/** `POST /api/quotes/:id/messages`. */
export function postMessage(quoteId: string, body: string): Promise<Message> {
  return sendData('post', messageSchema, `/api/quotes/${encodeURIComponent(quoteId)}/messages`, { body });
}

/** Writing to the couple: the message joins the thread at once, and the inbox is read again. */
export function usePostMessage(quoteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => postMessage(quoteId, body),
    onSuccess: (message) => {
      client.setQueryData<Message[]>(messageKeys.thread(quoteId), (old) => (old ? [...old, message] : [message]));
    },
    onSettled: () => client.invalidateQueries({ queryKey: [...messageKeys.all, 'threads'] }),
  });
}

/** The couple's messages nobody in the business has read (the menu's badge); undefined until known or when not allowed. */
export function useUnreadMessages(enabled: boolean): number | undefined {
  const { data } = useQuery({
    queryKey: messageKeys.unread(),
    queryFn: ({ signal }) => getData(unreadMessagesSchema, '/api/messages/unread', { signal }),
    enabled,
    refetchOnWindowFocus: true,
  });
  return enabled ? data?.unread : undefined;
}
