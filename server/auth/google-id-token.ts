import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

/** Who Google says signed in. */
export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface GoogleVerifier {
  /** The identity in a valid ID token, or null for any invalid one. */
  verify(idToken: string): Promise<GoogleIdentity | null>;
}

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

/** Verifies Google ID tokens: RS256 signature against the JWKS, issuer, audience = our client id, expiry. */
export function createGoogleVerifier(options: { clientId: string; jwksUrl?: string; keys?: JWTVerifyGetKey }): GoogleVerifier {
  const keys = options.keys ?? createRemoteJWKSet(new URL(options.jwksUrl ?? GOOGLE_JWKS_URL));
  return {
    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          algorithms: ['RS256'],
          issuer: GOOGLE_ISSUERS,
          audience: options.clientId,
          requiredClaims: ['exp', 'sub', 'iat'],
        });
        if (typeof payload.sub !== 'string') return null;
        return {
          sub: payload.sub,
          email: typeof payload.email === 'string' ? payload.email : null,
          emailVerified: payload.email_verified === true || payload.email_verified === 'true',
          name: typeof payload.name === 'string' ? payload.name : null,
        };
      } catch {
        return null;
      }
    },
  };
}
