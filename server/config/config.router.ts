import { Router } from 'express';
import { navigationRequestSchema } from '../../shared/contracts/navigation';
import type { ConfigSnapshot } from '../schema-store/snapshot';
import { navigate } from './navigation.service';

/** `POST /api/config/navigation`; the config GETs are served by the fast path in front of Express. */
export function configRouter(current: () => ConfigSnapshot): Router {
  const router = Router();
  router.post('/navigation', (req, res) => {
    const request = navigationRequestSchema.parse(req.body ?? null);
    res.json(navigate(current(), request));
  });
  return router;
}
