import type * as Argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { STRONG_PASSWORD, agent, expectProblem, uniqueEmail } from '../../support/api/http';

// argon2's hash and verify, watched (and still run): "before any hashing" and "before the password
// is verified" are counted, not timed, so that they hold however busy the machine is.
const argon2 = vi.hoisted(() => ({ hashes: 0, verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof Argon2>();
  return {
    ...original,
    hash: (...args: Parameters<typeof original.hash>) => {
      argon2.hashes += 1;
      return original.hash(...args);
    },
    verify: (...args: Parameters<typeof original.verify>) => {
      argon2.verifications += 1;
      return original.verify(...args);
    },
  };
});

const LIMITS = { windowMs: 60_000, perIp: 5, perAccount: 3 };
const WRONG_PASSWORD = 'not-the-right-password-1';

let nextIp = 1;
/** A fresh client address for one test (the app trusts X-Forwarded-For from loopback only). */
function newIp(): string {
  const n = nextIp++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

describe.each(TEST_DATABASES)('rate limits on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: LIMITS });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const register = (ip: string, email = uniqueEmail('rl')) =>
    agent(ctx).post('/api/register').set('X-Forwarded-For', ip).send({ email, password: STRONG_PASSWORD, businessName: 'Rate Limited Rentals' });
  const login = (ip: string, email: string, password: string) => agent(ctx).post('/api/login').set('X-Forwarded-For', ip).send({ email, password });

  async function newAccount(): Promise<string> {
    const email = uniqueEmail('rl');
    expect((await register(newIp(), email)).status).toBe(201);
    return email;
  }

  function expectRateLimited(res: Awaited<ReturnType<typeof login>>) {
    expectProblem(res, 429, 'rate-limited');
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }

  it('when one account fails to sign in 3 times from different addresses, then strangers are slowed: one attempt passes, the next is 429 with Retry-After', async () => {
    const email = await newAccount();

    for (let i = 0; i < 3; i += 1) {
      expectProblem(await login(newIp(), email, WRONG_PASSWORD), 401, 'invalid-credentials');
    }
    expectProblem(await login(newIp(), email, WRONG_PASSWORD), 401, 'invalid-credentials');
    const slowed = await login(newIp(), email, WRONG_PASSWORD);

    expectRateLimited(slowed);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(30);
  });

  it('when the account is slowed, then the email in another case is slowed too', async () => {
    const email = await newAccount();
    for (let i = 0; i < 4; i += 1) await login(newIp(), email, WRONG_PASSWORD);

    expectRateLimited(await login(newIp(), `  ${email.toUpperCase()}`, WRONG_PASSWORD));
  });

  it('when sign-ins succeed in between, then the address’s own count starts again', async () => {
    const email = await newAccount();
    const ip = newIp();

    expect((await login(ip, email, WRONG_PASSWORD)).status).toBe(401);
    expect((await login(ip, email, WRONG_PASSWORD)).status).toBe(401);
    expect((await login(ip, email, STRONG_PASSWORD)).status).toBe(200);
    expect((await login(ip, email, WRONG_PASSWORD)).status).toBe(401);
    expect((await login(ip, email, WRONG_PASSWORD)).status).toBe(401);
  });

  it('when one address fails 3 times on one account, then that address is 429 for the window, even with the right password', async () => {
    const email = await newAccount();
    const ip = newIp();
    for (let i = 0; i < 3; i += 1) await login(ip, email, WRONG_PASSWORD);

    expectRateLimited(await login(ip, email, STRONG_PASSWORD));
  });

  it('when one account is locked, then another account signs in normally from the same address', async () => {
    const locked = await newAccount();
    const other = await newAccount();
    const ip = newIp();
    for (let i = 0; i < 3; i += 1) await login(ip, locked, WRONG_PASSWORD);
    expectRateLimited(await login(ip, locked, WRONG_PASSWORD));

    expect((await login(ip, other, STRONG_PASSWORD)).status).toBe(200);
  });

  it('when one address sends more than 5 sign-ins to different accounts, then the 6th is 429', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i += 1) {
      expectProblem(await login(ip, uniqueEmail('spray'), WRONG_PASSWORD), 401, 'invalid-credentials');
    }

    expectRateLimited(await login(ip, uniqueEmail('spray'), WRONG_PASSWORD));
  });

  it('when one address registers 5 times, then the 6th register is 429, answered before any hashing, and stores nothing', async () => {
    const ip = newIp();
    const hashesFirst = argon2.hashes;
    for (let i = 0; i < 5; i += 1) expect((await register(ip)).status).toBe(201);
    expect(argon2.hashes - hashesFirst, 'each registration hashes its password once').toBe(5);
    const email = uniqueEmail('sixth');

    const hashesBefore = argon2.hashes;
    const res = await register(ip, email);

    expectRateLimited(res);
    expect(argon2.hashes).toBe(hashesBefore);
    const stored = await ctx.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(stored).toHaveLength(0);
  });

  it('when one address is limited on register, then another address can still register', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i += 1) await register(ip);
    expectRateLimited(await register(ip));

    expect((await register(newIp())).status).toBe(201);
  });

  it('when a slowed account is tried again, then the 429 comes before the password is verified', async () => {
    // Each wrong attempt the limit lets through costs one argon2 verification (m=19 MiB: tens of
    // ms, more on a busy machine); a refusal must cost none, or refusals would be no cheaper than
    // the attempts they refuse. Counted, where it was once timed (a refusal faster than half a
    // verification), which a loaded machine broke: beside two CPU burners, on PostgreSQL, the
    // fastest of three refusals took 31 ms and the fastest of three verifications 59.
    const first = await newAccount();
    const before = argon2.verifications;
    expectProblem(await login(newIp(), first, WRONG_PASSWORD), 401, 'invalid-credentials');
    expect(argon2.verifications - before, 'a wrong attempt let through is verified').toBe(1);

    const email = await newAccount();
    for (let i = 0; i < 4; i += 1) await login(newIp(), email, WRONG_PASSWORD);
    const beforeRefusals = argon2.verifications;
    for (let i = 0; i < 3; i += 1) expectRateLimited(await login(newIp(), email, WRONG_PASSWORD));
    expect(argon2.verifications, 'no refused attempt verifies the password').toBe(beforeRefusals);
  });

  it('when an address asks for reset links for one email more than 3 times, then 429, the same for known and unknown emails', async () => {
    const known = await newAccount();
    const unknown = uniqueEmail('ghost');
    const forgot = (email: string) => agent(ctx).post('/api/forgot-password').set('X-Forwarded-For', newIp()).send({ email });

    for (let i = 0; i < 3; i += 1) {
      expect((await forgot(known)).status).toBe(202);
      expect((await forgot(unknown)).status).toBe(202);
    }
    const knownBlocked = await forgot(known);
    const unknownBlocked = await forgot(unknown);

    expectRateLimited(knownBlocked);
    expectRateLimited(unknownBlocked);
    expect(unknownBlocked.body).toEqual(knownBlocked.body);
  });
});
