import { Router } from 'express';
import type { CoreDeps } from '../core/deps';
import { authOf, requireAuth } from '../core/http/require-auth';
import { getCredits } from './credits.service';

/** `GET /api/credits`: the business's balance and ledger. */
export function creditsRouter(deps: CoreDeps): Router {
  const router = Router();
  router.get('/api/credits', requireAuth(deps), async (_req, res) => {
    res.json({ data: await getCredits(deps, authOf(res)) });
  });
  return router;
}
