import { Router } from 'express';
import { z } from 'zod';
import { createRequestBodySchema, type CustomerRequest } from '../../shared/contracts/marketplace';
import { byIp, limiter } from '../core/http/rate-limits';
import { confirmRequest } from './confirm-request';
import { noSuchRequest } from './couple-link';
import { createRequest } from './create-request';
import type { RequestsDeps } from './requests.deps';
import { withdrawRequest } from './withdraw-request';
import { HOUR_MS } from '../../shared/time/durations';

/** Requests a customer may post from one address in an hour (a family planning one wedding needs a handful). */
export const DEFAULT_REQUESTS_PER_IP_PER_HOUR = 20;

declare module '../core/http/rate-limits' {
  interface RateLimitSettings {
    /** Quote requests customers may post from one address per hour (default 20). */
    quoteRequestsPerIp?: number;
  }
}

/** The link's token and a quote of it, from the path; a malformed one is the same 404 as an unknown one. */
const linkParams = z.object({ token: z.string().min(10).max(400), quoteId: z.string().uuid().optional() });
export function linkOf(params: unknown): { token: string; quoteId?: string | undefined } {
  const parsed = linkParams.safeParse(params);
  if (!parsed.success) throw noSuchRequest();
  return parsed.data;
}

/**
 * The customer's request (docs/marketplace.md): no account; they ask for quotes, then confirm or
 * withdraw it through the signed link mailed to them. Both answer with the couple's page, which
 * the quotes module draws (`customerPage`). Every answer about a link is the same for an unknown
 * and a tampered one.
 */
export function requestsRouter(deps: RequestsDeps, customerPage: (token: string) => Promise<CustomerRequest>): Router {
  const router = Router();
  const perHour = deps.limits.quoteRequestsPerIp ?? DEFAULT_REQUESTS_PER_IP_PER_HOUR;
  router.post('/api/public/quote-requests', limiter(perHour, HOUR_MS, byIp('quote-request'), { counters: deps.limits.counters }), async (req, res) => {
    res.status(201).json({ data: await createRequest(deps, createRequestBodySchema.parse(req.body)) });
  });
  router.post('/api/public/requests/:token/confirm', async (req, res) => {
    const { token } = linkOf(req.params);
    await confirmRequest(deps, token);
    res.json({ data: await customerPage(token) });
  });
  router.post('/api/public/requests/:token/withdraw', async (req, res) => {
    const { token } = linkOf(req.params);
    await withdrawRequest(deps, token);
    res.json({ data: await customerPage(token) });
  });
  return router;
}
