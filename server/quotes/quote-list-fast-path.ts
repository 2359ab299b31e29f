import type { IncomingMessage, ServerResponse } from 'node:http';
import { quoteListQuerySchema, type QuoteListQuery } from '../../shared/contracts/marketplace';
import { etagMatches } from '../core/http/precomputed-response';
import { callerOf, type Authenticate } from '../core/http/require-auth';
import type { QuoteListCache } from './quote-list-cache';

const PATH = '/api/quotes';

/** The query as the router's zod schema reads it; null when a parameter is repeated (Express would make it an array and refuse it). */
function queryOf(search: string): QuoteListQuery | null {
  const params = new URLSearchParams(search);
  const query: Record<string, string> = {};
  for (const [name, value] of params) {
    if (name in query) return null;
    query[name] = value;
  }
  const parsed = quoteListQuerySchema.safeParse(query);
  return parsed.success ? parsed.data : null;
}

/**
 * `GET /api/quotes`, a vendor's list pages, answered before Express when all goes well: the
 * page a vendor, their tabs and their team reopen most, where Express's routing and middleware
 * cost more than the cached page itself (docs/benchmarks.md). It answers only the happy path,
 * with the same caller check, query schema, cache and headers as the router; anything else (no
 * or a bad token, a forbidden role, a bad query or cursor, an error) is handed to Express
 * untouched, which answers it as it answers every route. Returns false for other requests.
 */
export function createQuoteListFastPath(deps: { authenticate: Authenticate }, lists: QuoteListCache, headers: readonly [string, string][]) {
  // The headers every answer carries, as one flat list for writeHead (cheaper than a setHeader each).
  const fixed = [...headers.filter(([name]) => name.toLowerCase() !== 'cache-control').flat(), 'Cache-Control', 'no-store'];

  async function serve(req: IncomingMessage, res: ServerResponse, search: string): Promise<boolean> {
    const query = queryOf(search);
    if (!query) return false;
    const auth = await callerOf(deps, req.headers.authorization);
    if (!auth) return false;
    // A role that may not read quotes makes page() throw: Express answers its 403.
    const page = await lists.page(auth, query);
    if (etagMatches(req.headers['if-none-match'], page.etag)) {
      res.writeHead(304, [...fixed, 'ETag', page.etag]);
      res.end();
      return true;
    }
    res.writeHead(200, [...fixed, 'ETag', page.etag, 'Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(page.body.length)]);
    res.end(page.body);
    return true;
  }

  return (req: IncomingMessage, res: ServerResponse, express: () => void): boolean => {
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    if (req.method !== 'GET' || (mark === -1 ? url : url.slice(0, mark)) !== PATH) return false;
    serve(req, res, mark === -1 ? '' : url.slice(mark + 1)).then(
      (served) => {
        if (!served) express();
      },
      () => {
        if (!res.headersSent) express();
      },
    );
    return true;
  };
}
