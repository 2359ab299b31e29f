import { Router } from 'express';
import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  confirmEmailRequestSchema,
  deleteAccountRequestSchema,
  notificationPreferencesSchema,
} from '../../shared/contracts/account';
import type { RateLimitSettings } from '../http/rate-limits';
import { authOf, requireAuth } from '../http/require-auth';
import { createAccountRateLimits } from './account-rate-limits';
import * as account from './account.service';

/** The signed-in user's account: password, email, notification preferences, deletion. */
export function accountRouter(deps: account.AccountDeps, limits: RateLimitSettings): Router {
  const router = Router();
  const limit = createAccountRateLimits(limits);
  const auth = requireAuth(deps);
  const guarded = [limit.perIp, auth, limit.failuresPerUser];

  router.post('/api/account/password', ...guarded, async (req, res) => {
    const input = changePasswordRequestSchema.parse(req.body);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: await account.changePassword(deps, authOf(res), input) });
  });

  router.post('/api/account/email', ...guarded, async (req, res) => {
    const input = changeEmailRequestSchema.parse(req.body);
    res.status(202).json({ data: await account.requestEmailChange(deps, authOf(res), input) });
  });

  router.post('/api/account/email/confirm', limit.perIp, async (req, res) => {
    const { token } = confirmEmailRequestSchema.parse(req.body);
    res.json({ data: await account.confirmEmailChange(deps, token) });
  });

  router.get('/api/account/notifications', auth, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: await account.getNotificationPreferences(deps, authOf(res)) });
  });

  router.put('/api/account/notifications', auth, async (req, res) => {
    const preferences = notificationPreferencesSchema.parse(req.body);
    res.json({ data: await account.saveNotificationPreferences(deps, authOf(res), preferences) });
  });

  router.delete('/api/account', ...guarded, async (req, res) => {
    const input = deleteAccountRequestSchema.parse(req.body);
    await account.deleteAccount(deps, authOf(res), input);
    res.status(204).end();
  });

  return router;
}
