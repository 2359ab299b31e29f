import type { RequestHandler, Response } from 'express';
import { createAbility, type AppAbility } from '../../../shared/ability/create-ability';
import { rulesForRole } from '../../../shared/ability/roles';
import { problem, sendProblem } from './problem';

/** Who makes an authenticated request: their user, business, role and session. */
export interface Caller {
  userId: string;
  vendorId: string;
  role: string;
  /** The session (refresh-token family) the access token was issued in. */
  sessionId: string;
}

/** The caller of an authenticated request, with the CASL ability of their role. */
export interface AuthContext extends Caller {
  ability: AppAbility;
}

/** Checks a bearer token: its caller when it is valid and its session open, else null. The auth module provides it. */
export type Authenticate = (bearerToken: string) => Promise<Caller | null>;

/**
 * Requires `Authorization: Bearer <access token>` that `authenticate` accepts; 401 problem
 * otherwise. The caller and their ability are then `authOf(res)`.
 */
export function requireAuth(deps: { authenticate: Authenticate }): RequestHandler {
  return async (req, res, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const caller = match?.[1] ? await deps.authenticate(match[1]) : null;
    if (!caller) {
      res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      sendProblem(res, problem(401, 'unauthorized', 'Sign in to continue.'));
      return;
    }
    res.locals.auth = { ...caller, ability: createAbility(rulesForRole(caller.role)) } satisfies AuthContext;
    next();
  };
}

/** The caller set by requireAuth. */
export function authOf(res: Response): AuthContext {
  const auth = res.locals.auth as AuthContext | undefined;
  if (!auth) throw new Error('authOf used on a route without requireAuth');
  return auth;
}
