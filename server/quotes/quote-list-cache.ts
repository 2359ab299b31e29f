import { createHash } from 'node:crypto';
import { ForbiddenError } from '@casl/ability';
import type { QuoteListQuery } from '../../shared/contracts/marketplace';
import type { AuthContext } from '../core/http/require-auth';
import { quotesVersion } from './quotes.repository';
import type { QuotesDeps } from './quotes.deps';
import { listQuotes } from './list-quotes';

/** A page of a list as `GET /api/quotes` sends it: the JSON body (encoded once, sent as is) and its entity tag. */
export interface QuoteListBody {
  body: Buffer;
  etag: string;
}

/** The lists of every business, as answered (docs/benchmarks.md: a vendor's list pages). */
export interface QuoteListCache {
  /** A page of the caller's list: from the cache while the business's quotes are unchanged, else read and kept. */
  page(auth: AuthContext, query: QuoteListQuery): Promise<QuoteListBody>;
}

interface Entry {
  version: number;
  page: QuoteListBody;
}

/** Enough for every page a few hundred busy vendors keep reopening; the oldest used goes first. */
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 32 * 1024 * 1024;

function keyOf(vendorId: string, query: QuoteListQuery): string {
  return [vendorId, query.status, query.sort, query.limit, query.cursor ?? '', query.category ?? '', query.from ?? '', query.to ?? '', query.q ?? ''].join(
    '\u0000',
  );
}

/**
 * The quote lists, cached under the business's quotes version (migration 013), which the
 * database bumps in the transaction of every write to the business's quotes. A page is read from
 * the database only when something in the business's quotes changed since it was kept: a
 * vendor reopening a list, paging back and forth or several tabs polling costs one primary-key
 * read. The version is read before the page, so a page kept under a version is never older than
 * it; what else a row shows (the request's answers, how many vendors got it) is written once, when
 * the request is matched, with the quotes. Each instance keeps its own cache; the version is in
 * the database they share.
 */
export function createQuoteListCache(deps: QuotesDeps, limits = { maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES }): QuoteListCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.page.body.length;
  };
  return {
    async page(auth, query) {
      ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Quote');
      const key = keyOf(auth.vendorId, query);
      const version = await quotesVersion(deps.database.db, auth.vendorId);
      const kept = entries.get(key);
      if (kept && kept.version === version) {
        // Most recently used last: the Map's order is the eviction order.
        entries.delete(key);
        entries.set(key, kept);
        return kept.page;
      }
      const body = Buffer.from(JSON.stringify(await listQuotes(deps, auth, query)));
      const page = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      forget(key);
      while (entries.size > 0 && (entries.size >= limits.maxEntries || bytes + body.length > limits.maxBytes)) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        forget(oldest);
      }
      if (body.length <= limits.maxBytes) {
        entries.set(key, { version, page });
        bytes += body.length;
      }
      return page;
    },
  };
}
