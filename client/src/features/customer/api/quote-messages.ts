import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { messageSchema, type Message } from '../../../../../shared/contracts/messages';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { sendData } from '../../../lib/api/send-data';
import { customerKeys } from './customer-keys';

function threadUrl(token: string, quoteId: string): string {
  return `/api/public/requests/${encodeURIComponent(token)}/quotes/${encodeURIComponent(quoteId)}/messages`;
}

const threadKey = (token: string, quoteId: string) => [...customerKeys.request(token), 'messages', quoteId] as const;

/** `GET …/quotes/:quoteId/messages` through the couple's link: the vendor's messages are read from then on. */
export function getCoupleThread(token: string, quoteId: string, options?: ReadOptions): Promise<Message[]> {
  return getData(z.array(messageSchema), threadUrl(token, quoteId), options);
}

/** One quote's conversation, read when the couple opens it (and again when they come back to the tab). */
export function useCoupleThread(token: string, quoteId: string, enabled: boolean) {
  return useQuery({
    queryKey: threadKey(token, quoteId),
    queryFn: ({ signal }) => getCoupleThread(token, quoteId, { signal }),
    enabled,
    refetchOnWindowFocus: true,
    refetchInterval: 30_000,
  });
}

/** The couple writes to the vendor: the message joins the thread at once. */
export function usePostCoupleMessage(token: string, quoteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendData('post', messageSchema, threadUrl(token, quoteId), { body }),
    onSuccess: (message) => {
      client.setQueryData<Message[]>(threadKey(token, quoteId), (old) => (old ? [...old, message] : [message]));
    },
  });
}
