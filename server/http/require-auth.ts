import type { RequestHandler, Response } from 'express';
import { createAbility, type AppAbility } from '../../shared/ability/create-ability';
import { rulesForRole } from '../auth/abilities';
import { sessionsValidAfter } from '../auth/auth.repository';
import { verifyAccessToken, type AccessClaims, type TokenConfig } from '../auth/tokens';
import type { Database } from '../db/database';
import { problem, sendProblem } from './problem';

/** The caller of an authenticated request, with the CASL ability of their role. */
export interface AuthContext extends AccessClaims {
  ability: AppAbility;
}

/**
 * Requires `Authorization: Bearer <access token>`: a valid token of a user that still exists,
 * issued after the user's sessions were last ended (a password reset). 401 problem otherwise.
 */
export function requireAuth(deps: { tokens: TokenConfig; database: Database; now: () => number }): RequestHandler {
  return async (req, res, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const verified = match?.[1] ? await verifyAccessToken(deps.tokens, match[1], deps.now()) : null;
    const cutoff = verified ? await sessionsValidAfter(deps.database.db, verified.userId) : null;
    // iat has second precision: a token from the second of the cutoff is still accepted.
    if (!verified || cutoff === null || verified.issuedAt < Math.floor(cutoff / 1000) * 1000) {
      res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      sendProblem(res, problem(401, 'unauthorized', 'Sign in to continue.'));
      return;
    }
    const { issuedAt: _issuedAt, ...claims } = verified;
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
