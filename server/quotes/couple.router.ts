import { Router } from 'express';
import { linkOf } from '../requests';
import * as couple from './couple.service';
import type { QuotesDeps } from './quotes.deps';

/**
 * The couple's page and their answers to quotes (docs/marketplace.md), through the signed link
 * mailed to them (the requests module's; it confirms and withdraws the request itself).
 */
export function coupleRouter(deps: QuotesDeps): Router {
  const router = Router();
  router.get('/api/public/requests/:token', async (req, res) => {
    res.json({ data: await couple.customerPage(deps, linkOf(req.params).token) });
  });
  router.post('/api/public/requests/:token/quotes/:quoteId/accept', async (req, res) => {
    const { token, quoteId } = linkOf(req.params);
    res.json({ data: await couple.acceptQuote(deps, token, quoteId ?? '') });
  });
  router.post('/api/public/requests/:token/quotes/:quoteId/reject', async (req, res) => {
    const { token, quoteId } = linkOf(req.params);
    res.json({ data: await couple.rejectQuote(deps, token, quoteId ?? '') });
  });
  return router;
}
