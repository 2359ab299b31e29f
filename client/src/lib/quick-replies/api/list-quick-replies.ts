import { useQuery } from '@tanstack/react-query';
import { messageSnippetSchema, type MessageSnippet } from '../../../../../shared/contracts/messages';
import { z } from 'zod';
import { getData, type ReadOptions } from '../../api/get-data';
import { quickReplyKeys } from './quick-reply-keys';

/** `GET /api/message-snippets`: the business's quick replies, in the order they were added (the two ready-made ones the first time). */
export function listQuickReplies(options?: ReadOptions): Promise<MessageSnippet[]> {
  return getData(z.array(messageSnippetSchema), '/api/message-snippets', options);
}

/** The business's quick replies, for whoever writes to couples; they change only when someone in the team saves one. */
export function useQuickReplies(enabled: boolean) {
  return useQuery({
    queryKey: quickReplyKeys.all,
    queryFn: ({ signal }) => listQuickReplies({ signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
