import type { RequestHandler, Response } from 'express';
import { createAbility, type AppAbility } from '../../shared/ability/create-ability';
import { rulesForRole } from '../auth/abilities';
import { verifyAccessToken, type AccessClaims, type TokenConfig } from '../auth/tokens';
import { problem, sendProblem } from './problem';

/** The caller of an authenticated request, with the CASL ability of their role. */
export interface AuthContext extends AccessClaims {
  ability: AppAbility;
}

/** Requires `Authorization: Bearer <access token>`; 401 problem otherwise. */
export function requireAuth(tokens: TokenConfig): RequestHandler {
  return async (req, res, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const claims = match?.[1] ? await verifyAccessToken(tokens, match[1]) : null;
    if (!claims) {
      res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      sendProblem(res, problem(401, 'unauthorized', 'Sign in to continue.'));
      return;
    }
    res.locals.auth = { ...claims, ability: createAbility(rulesForRole(claims.role)) } satisfies AuthContext;
    next();
  };
}

/** The caller set by requireAuth. */
export function authOf(res: Response): AuthContext {
  const auth = res.locals.auth as AuthContext | undefined;
  if (!auth) throw new Error('authOf used on a route without requireAuth');
  return auth;
}
