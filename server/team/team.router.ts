import { Router } from 'express';
import { z } from 'zod';
import { invitationRequestSchema, registerWithTokenRequestSchema } from '../../shared/contracts/auth';
import type { AuthDeps } from '../auth/auth.service';
import { createAuthRateLimits, type RateLimitSettings } from '../http/rate-limits';
import { authOf, requireAuth } from '../http/require-auth';
import * as team from './team.service';

const idParam = z.object({ id: z.uuid('Unknown invitation') });
const tokenParam = z.object({ token: z.string().min(16).max(512) });

/** Team invitations: owners invite, invitees join as team members. */
export function teamRouter(deps: AuthDeps, limits: RateLimitSettings): Router {
  const router = Router();
  const limit = createAuthRateLimits(limits);
  const auth = requireAuth(deps);

  router.get('/api/team', auth, async (_req, res) => {
    res.json({ data: await team.listTeam(deps, authOf(res)) });
  });

  router.post('/api/team/invitations', auth, async (req, res) => {
    const { email } = invitationRequestSchema.parse(req.body);
    res.status(201).json({ data: await team.invite(deps, authOf(res), email) });
  });

  router.delete('/api/team/invitations/:id', auth, async (req, res) => {
    const { id } = idParam.parse(req.params);
    await team.revoke(deps, authOf(res), id);
    res.status(204).end();
  });

  router.get('/api/invitations/:token', ...limit.register, async (req, res) => {
    const { token } = tokenParam.parse(req.params);
    res.json({ data: await team.describeInvitation(deps, token) });
  });

  router.post('/api/register-with-token', ...limit.register, async (req, res) => {
    const input = registerWithTokenRequestSchema.parse(req.body);
    res.status(201).json({ data: await team.acceptInvitation(deps, input) });
  });

  return router;
}
