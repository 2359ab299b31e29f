import { Router } from 'express';
import { deleteAccountRequestSchema, notificationPreferencesSchema } from '../../shared/contracts/account';
import type { CoreDeps } from '../core/deps';
import { createPasswordCheckLimits } from '../core/http/rate-limits';
import { authOf, requireAuth } from '../core/http/require-auth';
import * as account from './account.service';

/** The signed-in user's account settings: notification preferences, and deleting the business. */
export function accountRouter(deps: CoreDeps): Router {
  const router = Router();
  const passwordCheck = createPasswordCheckLimits(deps.limits);
  const auth = requireAuth(deps);

  router.get('/api/account/notifications', auth, async (_req, res) => {
    res.json({ data: await account.getNotificationPreferences(deps, authOf(res)) });
  });

  router.put('/api/account/notifications', auth, async (req, res) => {
    const preferences = notificationPreferencesSchema.parse(req.body);
    res.json({ data: await account.saveNotificationPreferences(deps, authOf(res), preferences) });
  });

  router.delete('/api/account', passwordCheck.perIp, auth, passwordCheck.failuresPerUser, async (req, res) => {
    const input = deleteAccountRequestSchema.parse(req.body);
    await account.deleteAccount(deps, authOf(res), input);
    res.status(204).end();
  });

  return router;
}
