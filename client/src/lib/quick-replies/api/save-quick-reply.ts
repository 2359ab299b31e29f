import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSnippetSchema, type MessageSnippet, type MessageSnippetBody } from '../../../../../shared/contracts/messages';
import { sendData } from '../../api/send-data';
import { quickReplyKeys } from './quick-reply-keys';

/** `POST /api/message-snippets` (a new quick reply) or `PUT /api/message-snippets/:id` (a changed one). */
export function saveQuickReply(input: MessageSnippetBody & { id?: string | undefined }): Promise<MessageSnippet> {
  const body = { title: input.title, body: input.body };
  return input.id
    ? sendData('put', messageSnippetSchema, `/api/message-snippets/${encodeURIComponent(input.id)}`, body)
    : sendData('post', messageSnippetSchema, '/api/message-snippets', body);
}

/** Saving a quick reply: it takes its place in the list at once (a new one last), then the list is read again. */
export function useSaveQuickReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveQuickReply,
    onSuccess: (saved) =>
      client.setQueryData<MessageSnippet[]>(quickReplyKeys.all, (old) =>
        old?.some((reply) => reply.id === saved.id) ? old.map((reply) => (reply.id === saved.id ? saved : reply)) : [...(old ?? []), saved],
      ),
    onSettled: () => client.invalidateQueries({ queryKey: quickReplyKeys.all }),
  });
}
