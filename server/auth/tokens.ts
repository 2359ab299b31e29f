import { createHmac, randomUUID } from 'node:crypto';
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
  /** The session (refresh-token family) it was issued in: ending the session ends the token. */
  sessionId: string;
}

/** A verified access token: its claims and when it was issued (epoch ms). */
export interface VerifiedAccessToken extends AccessClaims {
  issuedAt: number;
  /** Epoch ms from which the token is expired. */
  expiresAt: number;
}

const ACCESS_TYP = 'at+jwt';

/** A short-lived HS256 access token (RFC 9068 `typ`), with issuer, audience, expiry and id. `now` in epoch ms. */
export function signAccessToken(config: TokenConfig, claims: AccessClaims, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ vid: claims.vendorId, role: claims.role, sid: claims.sessionId })
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
 * `typ`, issuer and audience, not expired, naming its session. Returns null for anything else,
 * a refresh token included. Whether the session is still open is the SessionGate's question.
 */
export async function verifyAccessToken(config: TokenConfig, token: string, now = Date.now()): Promise<VerifiedAccessToken | null> {
  try {
    const { payload } = await jwtVerify(token, config.secret, {
      currentDate: new Date(now),
      algorithms: ['HS256'],
      issuer: config.issuer,
      audience: config.audience,
      typ: ACCESS_TYP,
      requiredClaims: ['exp', 'sub', 'iat', 'sid'],
    });
    const { sub, vid, role, sid, iat, exp } = payload;
    if (
      typeof sub !== 'string' ||
      typeof vid !== 'string' ||
      typeof role !== 'string' ||
      typeof sid !== 'string' ||
      typeof iat !== 'number' ||
      typeof exp !== 'number'
    )
      return null;
    return { userId: sub, vendorId: vid, role, sessionId: sid, issuedAt: iat * 1000, expiresAt: exp * 1000 };
  } catch {
    return null;
  }
}

/**
 * A client address as stored with the user it signed in as: keyed with the server's secret, so
 * the table reveals no addresses (the IPv4 space is small enough to reverse a plain hash).
 */
export function hashAddress(secret: Uint8Array, address: string): string {
  return createHmac('sha256', secret).update(`sign-in-address:${address}`).digest('base64url');
}
