import { Router } from 'express';
import { createReviewBodySchema, reportReviewBodySchema, reviewReplyBodySchema, reviewsQuerySchema } from '../../shared/contracts/reviews';
import type { CoreDeps } from '../core/deps';
import { idParam } from '../core/http/id-param';
import { bodyFirst } from '../core/http/body-first';
import { byIp, limiter, perUserPerHour } from '../core/http/rate-limits';
import { authOf, requireAuth } from '../core/http/require-auth';
import { linkOf } from '../requests';
import * as reviews from './reviews.service';
import { HOUR_MS } from '../../shared/time/durations';

/** Reviews a couple may post from one address in an hour. */
const REVIEWS_PER_HOUR = 20;

/** Reviews one person of a business may report in an hour: a wave of fake reviews can be reported at once, a flood of support's inbox cannot. */
export const DEFAULT_REVIEW_REPORTS_PER_USER_PER_HOUR = 10;

declare module '../core/http/rate-limits' {
  interface RateLimitSettings {
    /** Review reports one signed-in user may send per hour (default 10). */
    reviewReportsPerUser?: number;
  }
}

/** Parsed before the limit: a refused report (a 400) does not use up one of the sender's. */
const reportBody = bodyFirst(reportReviewBodySchema);

/** Reviews (docs/marketplace.md: Reviews): the couple writes one through their link; the business reads, replies and reports. */
export function reviewsRouter(deps: CoreDeps): Router {
  const router = Router();
  const auth = requireAuth(deps);
  const reportsPerUser = perUserPerHour('review-report', deps.limits.reviewReportsPerUser ?? DEFAULT_REVIEW_REPORTS_PER_USER_PER_HOUR, deps.limits.counters);
  router.get('/api/reviews', auth, async (req, res) => {
    res.json(await reviews.listReviews(deps, authOf(res), reviewsQuerySchema.parse(req.query)));
  });
  router.put('/api/reviews/:id/reply', auth, async (req, res) => {
    const id = idParam(req.params, 'review');
    res.json({ data: await reviews.replyToReview(deps, authOf(res), id, reviewReplyBodySchema.parse(req.body).body) });
  });
  router.post('/api/reviews/:id/report', auth, reportBody.parse, reportsPerUser, async (req, res) => {
    const id = idParam(req.params, 'review');
    res.status(202).json({ data: await reviews.reportReview(deps, authOf(res), id, reportBody.of(res)) });
  });
  router.get('/api/public/requests/:token/quotes/:quoteId/review', async (req, res) => {
    const { token, quoteId } = linkOf(req.params);
    res.json({ data: await reviews.coupleReview(deps, token, quoteId ?? '') });
  });
  router.post(
    '/api/public/requests/:token/quotes/:quoteId/review',
    limiter(REVIEWS_PER_HOUR, HOUR_MS, byIp('review'), { counters: deps.limits.counters }),
    async (req, res) => {
      const { token, quoteId } = linkOf(req.params);
      res.status(201).json({ data: await reviews.createReview(deps, token, quoteId ?? '', createReviewBodySchema.parse(req.body)) });
    },
  );
  return router;
}
