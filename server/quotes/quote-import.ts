import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import type { QuoteRequestsTable } from '../requests';
import type { QuotesTable } from './quotes.table';

/** Rows a batch inserts at once (PostgreSQL takes at most 65,535 parameters a statement). */
const BATCH = 500;

/**
 * Writes finished history in bulk: requests and their quotes as they stand, with no matching, mail,
 * events or jobs (`npm run seed:volume` fills a database for benchmarks this way; never the product).
 */
export async function importQuoteHistory(trx: Kysely<DB>, history: { requests: QuoteRequestsTable[]; quotes: QuotesTable[] }): Promise<void> {
  for (let i = 0; i < history.requests.length; i += BATCH)
    await trx
      .insertInto('quote_requests')
      .values(history.requests.slice(i, i + BATCH))
      .execute();
  for (let i = 0; i < history.quotes.length; i += BATCH)
    await trx
      .insertInto('quotes')
      .values(history.quotes.slice(i, i + BATCH))
      .execute();
}
