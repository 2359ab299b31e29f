import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema, type Message } from '../../../../../shared/contracts/messages';
import { sendData } from '../../../lib/api/send-data';
import { coupleThreadUrl, customerKeys } from './customer-keys';

/** `POST …/quotes/:quoteId/messages` through the couple's link: the message joins the thread at once. */
export function usePostCoupleMessage(token: string, quoteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendData('post', messageSchema, coupleThreadUrl(token, quoteId), { body }),
    onSuccess: (message) => {
      client.setQueryData<Message[]>(customerKeys.thread(token, quoteId), (old) => (old ? [...old, message] : [message]));
    },
  });
}
