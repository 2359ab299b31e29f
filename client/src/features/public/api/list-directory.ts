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

/** What the directory searches for: a category id, a place as typed or slugged back ("Austin, TX", "78701"), an order. */
export interface DirectorySearch {
  category: string;
  place: string;
  sort: DirectorySort;
}

/** GET /api/public/vendors?category&place&sort&cursor: one page of the vendors who serve the place; a 400 names `category` or `place`. */
export function listDirectory(search: DirectorySearch, cursor: string | undefined, options?: ReadOptions) {
  const query = new URLSearchParams({ category: search.category, place: search.place, sort: search.sort, ...(cursor ? { cursor } : {}) });
  return getJson(directoryPageSchema, `/api/public/vendors?${query}`, options);
}

/**
 * The first page of `search` as the server's directory page carries it
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
  if (parsed.success && (parsed.data.category !== search.category || parsed.data.place !== search.place || parsed.data.sort !== search.sort)) return undefined;
  element.remove();
  return parsed.success ? parsed.data.page : undefined;
}

/**
 * The directory's results, a page per "Load more"; nothing is read without a search. On the
 * directory page the server sent, its embedded first page is the first answer (drawn at once),
 * dated from the page's request so it is refetched in the background once stale.
 */
export function useDirectory(search: DirectorySearch | null) {
  return useInfiniteQuery({
    queryKey: publicKeys.directory(search?.category ?? '', search?.place ?? '', search?.sort ?? 'rating'),
    queryFn: ({ pageParam, signal }) => listDirectory(search as DirectorySearch, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: search !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    initialData: () => {
      const page = search ? takeEmbeddedDirectory(search) : undefined;
      return page ? { pages: [page], pageParams: [undefined] } : undefined;
    },
    initialDataUpdatedAt: () => performance.timeOrigin,
  });
}
