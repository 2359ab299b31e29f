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

/** Each role's ability, built once: the rules of a role are fixed in code and nothing updates an ability. */
const abilities = new Map<string, AppAbility>();

function abilityOf(role: string): AppAbility {
  let ability = abilities.get(role);
  if (!ability) {
    ability = createAbility(rulesForRole(role));
    abilities.set(role, ability);
  }
  return ability;
}

/** The access token of an `Authorization: Bearer <token>` header, or null. */
export function bearerOf(authorization: string | undefined): string | null {
  return /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? null;
}

/** The caller of a request's `Authorization: Bearer <access token>` with their ability, or null. */
export async function callerOf(deps: { authenticate: Authenticate }, authorization: string | undefined): Promise<AuthContext | null> {
  const bearer = bearerOf(authorization);
  const caller = bearer ? await deps.authenticate(bearer) : null;
  return caller ? { ...caller, ability: abilityOf(caller.role) } : null;
}

/**
 * Requires `Authorization: Bearer <access token>` that `authenticate` accepts; 401 problem
 * otherwise. The caller and their ability are then `authOf(res)`.
 */
export function requireAuth(deps: { authenticate: Authenticate }): RequestHandler {
  return async (req, res, next) => {
    const auth = await callerOf(deps, req.headers.authorization);
    if (!auth) {
      res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      sendProblem(res, problem(401, 'unauthorized', 'Sign in to continue.'));
      return;
    }
    res.locals.auth = auth;
    next();
  };
}

/** The caller set by requireAuth. */
export function authOf(res: Response): AuthContext {
  const auth = res.locals.auth as AuthContext | undefined;
  if (!auth) throw new Error('authOf used on a route without requireAuth');
  return auth;
}
