import { createHash, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken, type TokenConfig } from '../../../server/auth/tokens';
import { hashToken, newOpaqueToken } from '../../../server/core/opaque-tokens';

function config(overrides: Partial<TokenConfig> = {}): TokenConfig {
  return {
    secret: randomBytes(32),
    issuer: 'http://127.0.0.1:3000',
    audience: 'vowly-vendor-dashboard',
    accessTtlSeconds: 900,
    refreshTtlSeconds: 30 * 86_400,
    ...overrides,
  };
}

const claims = { userId: 'user-1', vendorId: 'vendor-1', role: 'admin', sessionId: 'session-1' };

describe('hashToken', () => {
  it('when the same token is hashed twice, then the hashes are equal', () => {
    const token = randomBytes(32).toString('base64url');
    expect(hashToken(token)).toBe(hashToken(token));
  });

  it('when a token is hashed, then the result is its SHA-256 in 64 lower-case hex characters', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashToken('some-token')).toBe(createHash('sha256').update('some-token').digest('hex'));
    expect(hashToken(randomBytes(32).toString('base64url'))).toMatch(/^[0-9a-f]{64}$/);
  });

  it('when two tokens differ, then their hashes differ', () => {
    expect(hashToken('token-a')).not.toBe(hashToken('token-b'));
  });
});

describe('newOpaqueToken', () => {
  it('when a token is made, then it is base64url of at least 32 bytes and comes with its hash', () => {
    const { token, hash } = newOpaqueToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(hash).toBe(hashToken(token));
  });

  it('when many tokens are made, then they are all different', () => {
    const tokens = new Set(Array.from({ length: 2_000 }, () => newOpaqueToken().token));
    expect(tokens.size).toBe(2_000);
  });
});

describe('signAccessToken and verifyAccessToken', () => {
  /** A token signed with `cfg`'s secret, issuer and audience, with the given claims and `typ`. */
  function handMade(cfg: TokenConfig, payload: Record<string, string>, typ: string): Promise<string> {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ })
      .setSubject('user-1')
      .setIssuer(cfg.issuer)
      .setAudience(cfg.audience)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(cfg.secret);
  }

  it('when a signed token is verified with the same config, then the claims come back', async () => {
    const cfg = config();
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    expect(await verifyAccessToken(cfg, await signAccessToken(cfg, claims, now), now)).toEqual({
      ...claims,
      issuedAt: now,
      expiresAt: now + cfg.accessTtlSeconds * 1000,
    });
  });

  it('when the secret, audience or issuer differ, then verification gives null', async () => {
    const token = await signAccessToken(config(), claims);
    const base = config();
    const signed = await signAccessToken(base, claims);
    expect(await verifyAccessToken(config(), token)).toBeNull();
    expect(await verifyAccessToken({ ...base, audience: 'other' }, signed)).toBeNull();
    expect(await verifyAccessToken({ ...base, issuer: 'https://other.example.com' }, signed)).toBeNull();
  });

  it('when a hand-made token carries every claim and the at+jwt typ, then it verifies (control for the cases below)', async () => {
    const cfg = config();
    expect(await verifyAccessToken(cfg, await handMade(cfg, { vid: 'vendor-1', role: 'admin', sid: 'session-1' }, 'at+jwt'))).toMatchObject({
      userId: 'user-1',
      sessionId: 'session-1',
    });
  });

  it('when the typ header is not at+jwt, then verification gives null', async () => {
    const cfg = config();
    expect(await verifyAccessToken(cfg, await handMade(cfg, { vid: 'vendor-1', role: 'admin', sid: 'session-1' }, 'JWT'))).toBeNull();
  });

  it('when the token lacks the vendor claim, then verification gives null', async () => {
    const cfg = config();
    expect(await verifyAccessToken(cfg, await handMade(cfg, { role: 'admin', sid: 'session-1' }, 'at+jwt'))).toBeNull();
  });

  it('when the token names no session (issued before sessions were named), then verification gives null', async () => {
    const cfg = config();
    expect(await verifyAccessToken(cfg, await handMade(cfg, { vid: 'vendor-1', role: 'admin' }, 'at+jwt'))).toBeNull();
    expect(await verifyAccessToken(cfg, await signAccessToken(cfg, claims))).toMatchObject({ sessionId: 'session-1' });
  });

  it('when the token is an opaque refresh token, then verification gives null', async () => {
    expect(await verifyAccessToken(config(), newOpaqueToken().token)).toBeNull();
  });
});
