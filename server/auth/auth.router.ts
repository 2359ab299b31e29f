import { Router } from 'express';
import { changeEmailRequestSchema, changePasswordRequestSchema, confirmEmailRequestSchema, verifyEmailRequestSchema } from '../../shared/contracts/account';
import {
  forgotPasswordRequestSchema,
  googleLoginRequestSchema,
  loginRequestSchema,
  REFRESH_RETRY_KEY_HEADER,
  refreshRequestSchema,
  refreshRetryKeySchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '../../shared/contracts/auth';
import { createMemoryCounterStore } from '../core/http/counter-store';
import { DEFAULT_SLOW_INTERVAL_MS, addressKey, createAuthRateLimits, createPasswordCheckLimits } from '../core/http/rate-limits';
import { authOf, requireAuth } from '../core/http/require-auth';
import type { AuthDeps } from './auth-deps';
import { requestPasswordReset, resetPassword } from './password-reset';
import { logout, refresh } from './refresh-session';
import { login, loginWithGoogle } from './sign-in';
import { register } from './sign-up';
import * as credentials from './credentials.service';
import { vendorRecordOfUser } from './sessions';
import { createSignInThrottle } from './sign-in-throttle';

/**
 * Sign-up, sign-in and sessions (docs/security.md: Accounts and sessions), and the signed-in user's credentials: password,
 * email address and its verification. Mounted at the app root.
 */
export function authRouter(deps: AuthDeps): Router {
  const router = Router();
  const { limits } = deps;
  const limit = createAuthRateLimits(limits);
  const passwordCheck = createPasswordCheckLimits(limits);
  const signedIn = requireAuth(deps);
  const guarded = [passwordCheck.perIp, signedIn, passwordCheck.failuresPerUser];
  const now = () => deps.clock.now();
  const throttle = createSignInThrottle(
    {
      windowMs: limits.windowMs,
      perAddress: limits.perAccount,
      accountCeiling: limits.accountCeiling ?? limits.perAccount,
      slowIntervalMs: limits.slowIntervalMs ?? DEFAULT_SLOW_INTERVAL_MS,
    },
    limits.counters ?? createMemoryCounterStore(now),
    now,
  );

  router.post('/api/register', ...limit.register, async (req, res) => {
    const input = registerRequestSchema.parse(req.body);
    res.status(201).json({ data: await register(deps, input) });
  });

  router.post('/api/login', ...limit.login, async (req, res) => {
    const input = loginRequestSchema.parse(req.body);
    res.json({ data: await login(deps, input, { address: addressKey(req), throttle }) });
  });

  router.post('/api/login/google', ...limit.login, async (req, res) => {
    const { idToken } = googleLoginRequestSchema.parse(req.body);
    res.json({ data: await loginWithGoogle(deps, idToken) });
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
      requestPasswordReset(deps, email).catch((error: unknown) => deps.logger.error('password reset request failed', { error: String(error) }));
    });
  });

  router.post('/api/reset-password', ...limit.resetPassword, async (req, res) => {
    const input = resetPasswordRequestSchema.parse(req.body);
    await resetPassword(deps, input);
    res.json({ data: { message: 'Your password has been changed. Sign in with your new password.' } });
  });

  router.post('/jwt/refresh-token', ...limit.refresh, async (req, res) => {
    const { refreshToken } = refreshRequestSchema.parse(req.body);
    const retryKey = refreshRetryKeySchema.parse(req.get(REFRESH_RETRY_KEY_HEADER));
    res.json({ data: await refresh(deps, refreshToken, retryKey) });
  });

  router.post('/jwt/logout', async (req, res) => {
    const { refreshToken } = refreshRequestSchema.parse(req.body);
    await logout(deps, refreshToken);
    res.status(204).end();
  });

  router.get('/api/vendor/me', signedIn, async (_req, res) => {
    res.json({ data: await vendorRecordOfUser(deps, authOf(res).userId) });
  });

  router.post('/api/account/password', ...guarded, async (req, res) => {
    const input = changePasswordRequestSchema.parse(req.body);
    res.json({ data: await credentials.changePassword(deps, authOf(res), input) });
  });

  router.post('/api/account/email', ...guarded, async (req, res) => {
    const input = changeEmailRequestSchema.parse(req.body);
    res.status(202).json({ data: await credentials.requestEmailChange(deps, authOf(res), input) });
  });

  router.post('/api/account/email/confirm', passwordCheck.perIp, async (req, res) => {
    const { token } = confirmEmailRequestSchema.parse(req.body);
    res.json({ data: await credentials.confirmEmailChange(deps, token) });
  });

  router.post('/api/account/email/verify', passwordCheck.perIp, async (req, res) => {
    const { token } = verifyEmailRequestSchema.parse(req.body);
    res.json({ data: await credentials.verifyEmail(deps, token) });
  });

  router.post('/api/account/email/verification', passwordCheck.perIp, signedIn, async (_req, res) => {
    res.status(202).json({ data: await credentials.resendVerification(deps, authOf(res)) });
  });

  return router;
}
