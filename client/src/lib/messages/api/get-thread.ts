import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { messageSchema, type Message } from '../../../../../shared/contracts/messages';
import { getData, type ReadOptions } from '../../api/get-data';
import { messageKeys } from '../message-keys';

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
