import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { threadsResponseSchema, type ThreadSummary } from '../../../../../shared/contracts/messages';
import { getEnvelope, type ReadOptions } from '../../api/get-data';
import { messageKeys } from '../message-keys';

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
