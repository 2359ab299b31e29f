import { Router, type Response } from 'express';
import { z } from 'zod';
import { coverageQuerySchema, directoryQuerySchema, profileVisitBodySchema } from '../../shared/contracts/public-vendors';
import { byIp, limiter } from '../core/http/rate-limits';
import { directoryCoverage, searchDirectory } from './directory.service';
import { countVisit } from './profile-visits';
import type { PublicDeps } from './public.deps';
import { PUBLIC_CACHE_CONTROL, vendorAnswer, type VendorAnswerCache } from './public-vendor-answer';
import { hasPublicProfile, noSuchVendor, publicReviewsPage } from './public-vendor.service';
import { HOUR_MS } from '../../shared/time/durations';

/** Views and quote clicks one address may count in an hour (a couple comparing vendors makes a few dozen). */
export const DEFAULT_PROFILE_VISITS_PER_IP_PER_HOUR = 300;

declare module '../core/http/rate-limits' {
  interface RateLimitSettings {
    /** Profile views and quote clicks one address may count per hour (default 300). */
    profileVisitsPerIp?: number;
  }
}

const reviewsQuerySchema = z.strictObject({ cursor: z.string().max(300).optional() });

/**
 * Public data may sit in shared caches for a minute (the API's default is no-store); Express's ETag
 * answers a revalidation with 304. Set only on a success: problems stay no-store.
 */
function cachePublicly(res: Response): void {
  res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
}

/**
 * What couples see without signing in (docs/marketplace.md: Public profile and directory): a business's public
 * profile and its reviews, the directory, how many businesses serve a category at a place, and
 * the counting of profile views and quote clicks (no address is stored). The profile's JSON is
 * rendered once per `vendors` cache period when a cache is given (app.ts answers it from there
 * before Express too).
 */
export function publicRouter(deps: PublicDeps, vendors: VendorAnswerCache | null = null): Router {
  const router = Router();
  // An id Express cannot decode (a broken %-escape) names no business: a 404 like any other odd id, not the parser's 400.
  router.use('/api/public/vendors/', (req, _res, next) => {
    try {
      decodeURIComponent(req.path);
      next();
    } catch {
      next(noSuchVendor());
    }
  });
  router.get('/api/public/vendors', async (req, res) => {
    const page = await searchDirectory(deps, directoryQuerySchema.parse(req.query));
    cachePublicly(res);
    res.json(page);
  });
  router.get('/api/public/coverage', async (req, res) => {
    const coverage = await directoryCoverage(deps, coverageQuerySchema.parse(req.query));
    cachePublicly(res);
    res.json({ data: coverage });
  });
  router.get('/api/public/vendors/:adminId', async (req, res) => {
    const answer = await vendorAnswer(deps, vendors, req.params.adminId);
    if (!answer) throw noSuchVendor();
    cachePublicly(res);
    // The bytes res.json would send; Express computes the same ETag over them and answers 304 itself.
    res.type('json').send(answer.body);
  });
  router.get('/api/public/vendors/:adminId/reviews', async (req, res) => {
    const { cursor } = reviewsQuerySchema.parse(req.query);
    const page = await publicReviewsPage(deps, req.params.adminId, cursor);
    cachePublicly(res);
    res.json(page);
  });
  const perHour = deps.limits.profileVisitsPerIp ?? DEFAULT_PROFILE_VISITS_PER_IP_PER_HOUR;
  router.post('/api/public/vendors/:adminId/visits', limiter(perHour, HOUR_MS, byIp('profile-visit'), { counters: deps.limits.counters }), async (req, res) => {
    const vendorId = await hasPublicProfile(deps, String(req.params.adminId));
    if (vendorId === null) throw noSuchVendor();
    const { kind } = profileVisitBodySchema.parse(req.body);
    await deps.database.writeTransaction((trx) => countVisit(trx, vendorId, kind, deps.clock.now()));
    res.status(204).end();
  });
  return router;
}
