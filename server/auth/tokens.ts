import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** Settings of the access and refresh tokens. */
export interface TokenConfig {
  secret: Uint8Array;
  issuer: string;
  audience: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

/** What an access token says about its bearer. */
export interface AccessClaims {
  userId: string;
  vendorId: string;
  role: string;
}

/** A verified access token: its claims and when it was issued (epoch ms). */
export interface VerifiedAccessToken extends AccessClaims {
  issuedAt: number;
}

const ACCESS_TYP = 'at+jwt';

/** A short-lived HS256 access token (RFC 9068 `typ`), with issuer, audience, expiry and id. `now` in epoch ms. */
export function signAccessToken(config: TokenConfig, claims: AccessClaims, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ vid: claims.vendorId, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TYP })
    .setSubject(claims.userId)
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + config.accessTtlSeconds)
    .setJti(randomUUID())
    .sign(config.secret);
}

/**
 * Verifies an access token: only HS256 (so `alg: none` and key confusion fail), the right
 * `typ`, issuer and audience, not expired. Returns null for anything else, a refresh token included.
 */
export async function verifyAccessToken(config: TokenConfig, token: string, now = Date.now()): Promise<VerifiedAccessToken | null> {
  try {
    const { payload } = await jwtVerify(token, config.secret, {
      currentDate: new Date(now),
      algorithms: ['HS256'],
      issuer: config.issuer,
      audience: config.audience,
      typ: ACCESS_TYP,
      requiredClaims: ['exp', 'sub', 'iat'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.vid !== 'string' || typeof payload.role !== 'string' || typeof payload.iat !== 'number') return null;
    return { userId: payload.sub, vendorId: payload.vid, role: payload.role, issuedAt: payload.iat * 1000 };
  } catch {
    return null;
  }
}

/** SHA-256 of an opaque token, as stored (a database leak reveals no usable token). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new opaque token of 32 random bytes, and its hash. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
