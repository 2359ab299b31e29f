import { useQuery } from '@tanstack/react-query';
import { unreadMessagesSchema } from '../../../../../shared/contracts/messages';
import { getData } from '../../api/get-data';
import { messageKeys } from '../message-keys';

/** `GET /api/messages/unread`. */
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
