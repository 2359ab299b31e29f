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

const ACCESS_TYP = 'at+jwt';

/** A short-lived HS256 access token (RFC 9068 `typ`), with issuer, audience, expiry and id. */
export function signAccessToken(config: TokenConfig, claims: AccessClaims): Promise<string> {
  return new SignJWT({ vid: claims.vendorId, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TYP })
    .setSubject(claims.userId)
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setIssuedAt()
    .setExpirationTime(`${config.accessTtlSeconds}s`)
    .setJti(randomUUID())
    .sign(config.secret);
}

/**
 * Verifies an access token: only HS256 (so `alg: none` and key confusion fail), the right
 * `typ`, issuer and audience, not expired. Returns null for anything else, a refresh token included.
 */
export async function verifyAccessToken(config: TokenConfig, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, config.secret, {
      algorithms: ['HS256'],
      issuer: config.issuer,
      audience: config.audience,
      typ: ACCESS_TYP,
      requiredClaims: ['exp', 'sub', 'iat'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.vid !== 'string' || typeof payload.role !== 'string') return null;
    return { userId: payload.sub, vendorId: payload.vid, role: payload.role };
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
