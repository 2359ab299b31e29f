import { ForbiddenError } from '@casl/ability';
import { z } from 'zod';
import type { QuoteListItem, QuoteListQuery } from '../../shared/contracts/marketplace';
import type { CoreDeps } from '../core/deps';
import { decodeCursor, encodeCursor } from '../core/http/page-cursor';
import type { AuthContext } from '../core/http/require-auth';
import { coupleRequests } from '../requests';
import { toQuote } from './quote-row';
import type { QuotesDeps } from './quotes.deps';
import * as repo from './quotes.repository';
import type { QuoteRow } from './quotes.table';

const cursorSchema = z.object({ s: z.enum(['received', 'event-date']), k: z.union([z.number(), z.string()]), i: z.string() });

function encodeListCursor(deps: Pick<CoreDeps, 'links'>, sort: string, row: QuoteRow): string {
  return encodeCursor(deps.links, 'quotes', { s: sort, k: sort === 'received' ? Number(row.created_at) : row.event_date, i: row.id });
}

/** A cursor this server made for this sort; a changed one, or one of another sort, is a 400, never a wrong page. */
function decodeListCursor(deps: Pick<CoreDeps, 'links'>, sort: string, cursor: string): repo.ListPosition {
  const position = decodeCursor(
    deps.links,
    'quotes',
    cursor,
    cursorSchema.refine((parsed) => parsed.s === sort),
  );
  return { key: position.k, id: position.i };
}

/** `GET /api/quotes`: one page of a list, newest first (or soonest event), with the cursor of the next; each row says how many businesses got its request. */
export async function listQuotes(deps: QuotesDeps, auth: AuthContext, query: QuoteListQuery): Promise<{ data: QuoteListItem[]; nextCursor: string | null }> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Quote');
  const rows = await repo.listQuotes(deps.database.db, {
    vendorId: auth.vendorId,
    status: query.status,
    sort: query.sort,
    limit: query.limit,
    after: query.cursor ? decodeListCursor(deps, query.sort, query.cursor) : null,
    categoryId: query.category,
    from: query.from,
    to: query.to,
    search: query.q?.toLowerCase(),
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const requestIds = page.map((row) => row.request_id);
  const [competitors, requests] = await Promise.all([repo.countQuotesOfRequests(deps.database.db, requestIds), coupleRequests(deps.database.db, requestIds)]);
  return {
    data: page.flatMap((row) => {
      const request = requests.get(row.request_id);
      return request ? [{ ...toQuote(row, request), competitors: competitors.get(row.request_id) ?? 1 }] : [];
    }),
    nextCursor: rows.length > query.limit && last ? encodeListCursor(deps, query.sort, last) : null,
  };
}
