import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  directoryPageSchema,
  EMBEDDED_DIRECTORY_ELEMENT_ID,
  embeddedDirectorySchema,
  type DirectoryPage,
  type DirectorySort,
} from '../../../../../shared/contracts/public-vendors';
import { getJson, type ReadOptions } from '../../../lib/api/get-data';
import { publicKeys } from './public-keys';

/** What the directory searches for: a category id, a place as typed or slugged back ("Austin, TX", "78701"), an order, and the page it starts at (absent: the first). */
export interface DirectorySearch {
  category: string;
  place: string;
  sort: DirectorySort;
  cursor?: string;
}

/** GET /api/public/vendors?category&place&sort&cursor: one page of the vendors who serve the place; a 400 names `category` or `place`. */
export function listDirectory(search: DirectorySearch, cursor: string | undefined, options?: ReadOptions) {
  const query = new URLSearchParams({ category: search.category, place: search.place, sort: search.sort, ...(cursor ? { cursor } : {}) });
  return getJson(directoryPageSchema, `/api/public/vendors?${query}`, options);
}

/**
 * The page `search` starts at as the server's directory page carries it
 * (server/public/public-pages-directory.ts), when it answered this very search: taken once (the
 * element is removed). Undefined otherwise.
 */
export function takeEmbeddedDirectory(search: DirectorySearch): DirectoryPage | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(EMBEDDED_DIRECTORY_ELEMENT_ID);
  if (!element) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(element.textContent ?? '');
  } catch {
    data = null;
  }
  const parsed = embeddedDirectorySchema.safeParse(data);
  const answered = parsed.success ? parsed.data : null;
  if (
    answered &&
    (answered.category !== search.category || answered.place !== search.place || answered.sort !== search.sort || answered.cursor !== search.cursor)
  ) {
    return undefined;
  }
  element.remove();
  return answered?.page;
}

/**
 * The directory's results from the search's page on (the first, or the one its cursor names), a
 * page per "Load more"; nothing is read without a search. On the directory page the server sent,
 * its embedded page is the first answer (drawn at once), dated from the page's request so it is
 * refetched in the background once stale.
 */
export function useDirectory(search: DirectorySearch | null) {
  return useInfiniteQuery({
    queryKey: publicKeys.directory(search?.category ?? '', search?.place ?? '', search?.sort ?? 'rating', search?.cursor ?? null),
    queryFn: ({ pageParam, signal }) => listDirectory(search as DirectorySearch, pageParam, { signal }),
    initialPageParam: search?.cursor,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: search !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    initialData: () => {
      const page = search ? takeEmbeddedDirectory(search) : undefined;
      return page ? { pages: [page], pageParams: [search?.cursor] } : undefined;
    },
    initialDataUpdatedAt: () => performance.timeOrigin,
  });
}
