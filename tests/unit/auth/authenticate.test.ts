import { describe, expect, it } from 'vitest';
import { createAuthenticator } from '../../../server/auth/authenticate';
import type { SessionGate } from '../../../server/auth/session-gate';
import { signAccessToken, type TokenConfig } from '../../../server/auth/tokens';

const config: TokenConfig = {
  secret: new TextEncoder().encode('a-test-secret-of-at-least-32-bytes!!'),
  issuer: 'vowly',
  audience: 'vowly-api',
  accessTtlSeconds: 900,
  refreshTtlSeconds: 86_400,
};
const claims = { userId: 'u1', vendorId: 'v1', role: 'owner', sessionId: 's1' };

function setup(start = Date.UTC(2026, 10, 24, 12)) {
  let now = start;
  let open = true;
  let asked = 0;
  const sessions: SessionGate = {
    isOpen: async () => {
      asked += 1;
      return open;
    },
    ended: () => {},
    onEnded: () => {},
    forget: () => {},
  };
  const authenticate = createAuthenticator({ tokens: config, sessions, clock: { now: () => now } });
  return {
    authenticate,
    at: (ms: number) => void (now = ms),
    close: () => void (open = false),
    asked: () => asked,
    start,
  };
}

describe('createAuthenticator', () => {
  it('when the same token is shown again, then it is still its caller and the session is asked each time', async () => {
    const t = setup();
    const token = await signAccessToken(config, claims, t.start);

    expect(await t.authenticate(token)).toEqual(claims);
    expect(await t.authenticate(token)).toEqual(claims);
    expect(t.asked()).toBe(2);
  });

  it('when a token checked before expires on the clock, then it is refused', async () => {
    const t = setup();
    const token = await signAccessToken(config, claims, t.start);
    expect(await t.authenticate(token)).toEqual(claims);

    t.at(t.start + 899_000);
    expect(await t.authenticate(token)).toEqual(claims);
    t.at(t.start + 900_000);
    expect(await t.authenticate(token)).toBeNull();
  });

  it('when the session of a token checked before is closed, then it is refused at once', async () => {
    const t = setup();
    const token = await signAccessToken(config, claims, t.start);
    expect(await t.authenticate(token)).toEqual(claims);

    t.close();
    expect(await t.authenticate(token)).toBeNull();
  });

  it('when a token checked before is changed by one character, then the changed one is refused', async () => {
    const t = setup();
    const token = await signAccessToken(config, claims, t.start);
    expect(await t.authenticate(token)).toEqual(claims);

    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(await t.authenticate(`${token.slice(0, -2)}${last}${token.at(-1)}`)).toBeNull();
    expect(await t.authenticate(`${token}x`)).toBeNull();
  });
});
