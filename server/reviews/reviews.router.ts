import { Router } from 'express';
import { createReviewBodySchema, reportReviewBodySchema, reviewReplyBodySchema, reviewsQuerySchema } from '../../shared/contracts/reviews';
import type { CoreDeps } from '../core/deps';
import { idParam } from '../core/http/id-param';
import { byIp, limiter } from '../core/http/rate-limits';
import { authOf, requireAuth } from '../core/http/require-auth';
import { linkOf } from '../requests';
import * as reviews from './reviews.service';
import { HOUR_MS } from '../../shared/time/durations';

/** Reviews a couple may post from one address in an hour. */
const REVIEWS_PER_HOUR = 20;

/** Reviews (README: Reviews): the couple writes one through their link; the business reads, replies and reports. */
export function reviewsRouter(deps: CoreDeps): Router {
  const router = Router();
  const auth = requireAuth(deps);
  router.get('/api/reviews', auth, async (req, res) => {
    res.json(await reviews.listReviews(deps, authOf(res), reviewsQuerySchema.parse(req.query)));
  });
  router.put('/api/reviews/:id/reply', auth, async (req, res) => {
    const id = idParam(req.params, 'review');
    res.json({ data: await reviews.replyToReview(deps, authOf(res), id, reviewReplyBodySchema.parse(req.body).body) });
  });
  router.post('/api/reviews/:id/report', auth, async (req, res) => {
    const id = idParam(req.params, 'review');
    await reviews.reportReview(deps, authOf(res), id, reportReviewBodySchema.parse(req.body));
    res.status(202).json({ data: { reported: true } });
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
