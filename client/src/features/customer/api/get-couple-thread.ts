import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { messageSchema, type Message } from '../../../../../shared/contracts/messages';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { coupleThreadUrl, customerKeys } from './customer-keys';

/** `GET …/quotes/:quoteId/messages` through the couple's link: the vendor's messages are read from then on. */
export function getCoupleThread(token: string, quoteId: string, options?: ReadOptions): Promise<Message[]> {
  return getData(z.array(messageSchema), coupleThreadUrl(token, quoteId), options);
}

/** One quote's conversation, read when the couple opens it (and again when they come back to the tab). */
export function useCoupleThread(token: string, quoteId: string, enabled: boolean) {
  return useQuery({
    queryKey: customerKeys.thread(token, quoteId),
    queryFn: ({ signal }) => getCoupleThread(token, quoteId, { signal }),
    enabled,
    refetchOnWindowFocus: true,
    refetchInterval: 30_000,
  });
}
