import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema, type Message } from '../../../../../shared/contracts/messages';
import { sendData } from '../../api/send-data';
import { messageKeys } from '../message-keys';

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
