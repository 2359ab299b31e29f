import { Router } from 'express';
import { analyticsQuerySchema } from '../../shared/contracts/analytics';
import type { ConfigSnapshot } from '../config';
import type { CoreDeps } from '../core/deps';
import { authOf, requireAuth } from '../core/http/require-auth';
import * as analytics from './analytics.service';
import { getCompleteness } from './completeness';

/** `GET /api/analytics?days=`, its CSV export of quotes and the profile's completeness (docs/marketplace.md, Analytics). */
export function analyticsRouter(deps: CoreDeps & { schemas: () => ConfigSnapshot }): Router {
  const router = Router();
  const auth = requireAuth(deps);
  router.get('/api/analytics', auth, async (req, res) => {
    const { days } = analyticsQuerySchema.parse(req.query);
    res.json({ data: await analytics.getAnalytics(deps, authOf(res), days) });
  });
  router.get('/api/analytics/quotes.csv', auth, async (req, res) => {
    const { days } = analyticsQuerySchema.parse(req.query);
    const csv = await analytics.exportQuotes(deps, authOf(res), days);
    // Written out: Express's attachment() leaves a plain name unquoted, and the contract quotes it.
    res.type('text/csv').setHeader('Content-Disposition', `attachment; filename="quotes-${days}d.csv"`);
    res.send(csv);
  });
  router.get('/api/profile/completeness', auth, async (_req, res) => {
    res.json({ data: await getCompleteness(deps, authOf(res)) });
  });
  return router;
}
