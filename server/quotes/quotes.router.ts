import { Router } from 'express';
import { declineQuoteBodySchema, quoteListQuerySchema, submitQuoteBodySchema } from '../../shared/contracts/marketplace';
import { idParam } from '../core/http/id-param';
import { idempotent } from '../core/http/idempotency';
import { authOf, requireAuth } from '../core/http/require-auth';
import { createQuoteListCache, type QuoteListCache } from './quote-list-cache';
import type { QuotesDeps } from './quotes.deps';
import { quoteTemplatesRouter } from './quote-templates.router';
import { declineQuote } from './decline-quote';
import { getQuote } from './get-quote';
import { quoteSummary } from './quote-summary';
import { submitQuote } from './submit-quote';
import { upcomingBookings } from './upcoming-bookings';

/** A quote id from the path: anything that is not one is "no such quote", like another business's. */
/** The business's side of the marketplace (docs/marketplace.md): its lists, a quote, quoting and declining. */
export function quotesRouter(deps: QuotesDeps, lists: QuoteListCache = createQuoteListCache(deps)): Router {
  const router = Router();
  const auth = requireAuth(deps);
  const once = idempotent(deps);
  router.get('/api/quotes', auth, async (req, res) => {
    const page = await lists.page(authOf(res), quoteListQuerySchema.parse(req.query));
    res.setHeader('ETag', page.etag);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(page.body);
  });
  router.get('/api/quotes/summary', auth, async (_req, res) => {
    res.json({ data: await quoteSummary(deps, authOf(res)) });
  });
  router.get('/api/quotes/upcoming-bookings', auth, async (_req, res) => {
    res.json(await upcomingBookings(deps, authOf(res)));
  });
  router.get('/api/quotes/:id', auth, async (req, res) => {
    res.json({ data: await getQuote(deps, authOf(res), idParam(req.params, 'quote')) });
  });
  router.post('/api/quotes/:id/submit', auth, once, async (req, res) => {
    const id = idParam(req.params, 'quote');
    res.json(await submitQuote(deps, authOf(res), id, submitQuoteBodySchema.parse(req.body)));
  });
  router.post('/api/quotes/:id/decline', auth, once, async (req, res) => {
    const id = idParam(req.params, 'quote');
    const body = declineQuoteBodySchema.parse(req.body ?? {});
    res.json({ data: await declineQuote(deps, authOf(res), id, body.reason, body.message) });
  });
  router.use(quoteTemplatesRouter(deps));
  return router;
}
