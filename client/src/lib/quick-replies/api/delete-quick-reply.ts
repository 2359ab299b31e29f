import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageSnippet } from '../../../../../shared/contracts/messages';
import { sendData } from '../../api/send-data';
import { quickReplyKeys } from './quick-reply-keys';

/** `DELETE /api/message-snippets/:id`. */
export function deleteQuickReply(id: string): Promise<void> {
  return sendData('delete', null, `/api/message-snippets/${encodeURIComponent(id)}`);
}

/** Deleting a quick reply: it leaves the list at once, then the list is read again. */
export function useDeleteQuickReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteQuickReply,
    onSuccess: (_answer, id) => client.setQueryData<MessageSnippet[]>(quickReplyKeys.all, (old) => old?.filter((reply) => reply.id !== id)),
    onSettled: () => client.invalidateQueries({ queryKey: quickReplyKeys.all }),
  });
}
