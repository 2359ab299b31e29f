import { Router } from 'express';
import { creditsQuerySchema } from '../../shared/contracts/marketplace';
import type { CoreDeps } from '../core/deps';
import { authOf, requireAuth } from '../core/http/require-auth';
import { getCredits } from './credits.service';

/** `GET /api/credits?limit&cursor`: the business's balance and a page of its ledger. */
export function creditsRouter(deps: CoreDeps): Router {
  const router = Router();
  router.get('/api/credits', requireAuth(deps), async (req, res) => {
    res.json({ data: await getCredits(deps, authOf(res), creditsQuerySchema.parse(req.query)) });
  });
  return router;
}
