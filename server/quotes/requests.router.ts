import { Router } from 'express';
import { z } from 'zod';
import { createRequestBodySchema } from '../../shared/contracts/marketplace';
import { AppError } from '../core/http/app-error';
import { byIp, limiter } from '../core/http/rate-limits';
import type { QuotesDeps } from './quotes.service';
import * as requests from './requests.service';

/** Requests a customer may post from one address in an hour (a family planning one wedding needs a handful). */
export const DEFAULT_REQUESTS_PER_IP_PER_HOUR = 20;

declare module '../core/http/rate-limits' {
  interface RateLimitSettings {
    /** Quote requests customers may post from one address per hour (default 20). */
    quoteRequestsPerIp?: number;
  }
}
const HOUR_MS = 60 * 60 * 1000;

/** The link's token and a quote of it, from the path; a malformed one is the same 404 as an unknown one. */
const linkParams = z.object({ token: z.string().min(10).max(400), quoteId: z.string().uuid().optional() });
function linkOf(params: unknown): { token: string; quoteId?: string | undefined } {
  const parsed = linkParams.safeParse(params);
  if (!parsed.success) throw new AppError(404, 'not-found', 'This link is not valid. Open the link in your latest email from us.');
  return parsed.data;
}

/**
 * The customer's side (README: Marketplace): no account; they ask for quotes, then act through
 * the signed link mailed to them. Every answer about a link is the same for an unknown and a
 * tampered one.
 */
export function requestsRouter(deps: QuotesDeps): Router {
  const router = Router();
  const perHour = deps.limits.quoteRequestsPerIp ?? DEFAULT_REQUESTS_PER_IP_PER_HOUR;
  router.post('/api/public/quote-requests', limiter(perHour, HOUR_MS, byIp('quote-request')), async (req, res) => {
    res.status(201).json({ data: await requests.createRequest(deps, createRequestBodySchema.parse(req.body)) });
  });
  router.get('/api/public/requests/:token', async (req, res) => {
    res.json({ data: await requests.getCustomerRequest(deps, linkOf(req.params).token) });
  });
  router.post('/api/public/requests/:token/confirm', async (req, res) => {
    res.json({ data: await requests.confirmRequest(deps, linkOf(req.params).token) });
  });
  router.post('/api/public/requests/:token/withdraw', async (req, res) => {
    res.json({ data: await requests.withdrawRequest(deps, linkOf(req.params).token) });
  });
  router.post('/api/public/requests/:token/quotes/:quoteId/accept', async (req, res) => {
    const { token, quoteId } = linkOf(req.params);
    res.json({ data: await requests.acceptQuote(deps, token, quoteId ?? '') });
  });
  router.post('/api/public/requests/:token/quotes/:quoteId/reject', async (req, res) => {
    const { token, quoteId } = linkOf(req.params);
    res.json({ data: await requests.rejectQuote(deps, token, quoteId ?? '') });
  });
  return router;
}
