import { Router } from 'express';
import { z } from 'zod';
import { invitationRequestSchema, registerWithTokenRequestSchema } from '../../shared/contracts/auth';
import { createAuthRateLimits, createPasswordCheckLimits } from '../core/http/rate-limits';
import { authOf, requireAuth } from '../core/http/require-auth';
import * as team from './team.service';

const idParam = z.object({ id: z.uuid('Unknown invitation') });
const memberParam = z.object({ id: z.uuid('Unknown team member') });
const leaveBody = z.object({ password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(256) });
const tokenParam = z.object({ token: z.string().min(16).max(512) });

/** The team: owners invite and remove members, invitees join as team members, members may leave. */
export function teamRouter(deps: team.TeamDeps): Router {
  const router = Router();
  const limit = createAuthRateLimits(deps.limits);
  const passwordCheck = createPasswordCheckLimits(deps.limits);
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

  router.delete('/api/team/members/:id', auth, async (req, res) => {
    const { id } = memberParam.parse(req.params);
    await team.removeMember(deps, authOf(res), id);
    res.status(204).end();
  });

  // A password check: limited like the account endpoints, before any hashing.
  router.post('/api/team/leave', passwordCheck.perIp, auth, passwordCheck.failuresPerUser, async (req, res) => {
    const { password } = leaveBody.parse(req.body);
    await team.leaveTeam(deps, authOf(res), password);
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
