import { Router } from 'express';
import {
  forgotPasswordRequestSchema,
  googleLoginRequestSchema,
  loginRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '../../shared/contracts/auth';
import { createAuthRateLimits, type RateLimitSettings } from '../http/rate-limits';
import { authOf, requireAuth } from '../http/require-auth';
import * as auth from './auth.service';

/** The sign-up, sign-in and session endpoints (PRODUCT.md §4), mounted at the app root. */
export function authRouter(deps: auth.AuthDeps, limits: RateLimitSettings): Router {
  const router = Router();
  const limit = createAuthRateLimits(limits);

  router.post('/api/register', ...limit.register, async (req, res) => {
    const input = registerRequestSchema.parse(req.body);
    res.status(201).json({ data: await auth.register(deps, input) });
  });

  router.post('/api/login', ...limit.login, async (req, res) => {
    const input = loginRequestSchema.parse(req.body);
    res.json({ data: await auth.login(deps, input) });
  });

  router.post('/api/login/google', ...limit.login, async (req, res) => {
    const { idToken } = googleLoginRequestSchema.parse(req.body);
    res.json({ data: await auth.loginWithGoogle(deps, idToken) });
  });

  router.get('/api/auth/options', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json({ data: { googleClientId: deps.google ? deps.googleClientId : null } });
  });

  router.post('/api/forgot-password', ...limit.forgotPassword, (req, res) => {
    const { email } = forgotPasswordRequestSchema.parse(req.body);
    // Answer first, work after: the same 202, at the same speed, whether the account exists or not.
    res.status(202).json({ data: { message: 'If an account exists for that email, we have sent a link to reset the password.' } });
    setImmediate(() => {
      auth.requestPasswordReset(deps, email).catch((error: unknown) => deps.logger.error('password reset mail failed', { error: String(error) }));
    });
  });

  router.post('/api/reset-password', ...limit.resetPassword, async (req, res) => {
    const input = resetPasswordRequestSchema.parse(req.body);
    await auth.resetPassword(deps, input);
    res.json({ data: { message: 'Your password has been changed. Sign in with your new password.' } });
  });

  router.post('/jwt/refresh-token', ...limit.refresh, async (req, res) => {
    const { refreshToken } = refreshRequestSchema.parse(req.body);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: await auth.refresh(deps, refreshToken) });
  });

  router.post('/jwt/logout', async (req, res) => {
    const { refreshToken } = refreshRequestSchema.parse(req.body);
    await auth.logout(deps, refreshToken);
    res.status(204).end();
  });

  router.get('/api/vendor/me', requireAuth(deps), async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: await auth.me(deps, authOf(res).userId) });
  });

  return router;
}
