import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SLOW_INTERVAL_MS } from '../../../server/core/http/rate-limits';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { STRONG_PASSWORD, agent, expectProblem, registerVendor, uniqueEmail } from '../../support/api/http';

// The defaults of a real install: 10 failures per account and address, ceiling 10, 15-minute window.
const LIMITS = { windowMs: 15 * 60 * 1000, perIp: 10_000, perAccount: 10, accountCeiling: 10 };
const WRONG = 'not-the-right-password-1';

let next = 1;
function newAddress(): string {
  const n = next++;
  return `198.51.${(n >> 8) & 255}.${n & 255}`;
}

describe.each(TEST_DATABASES)('locking owners out on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: LIMITS });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const login = (address: string, email: string, password: string) => agent(ctx).post('/api/login').set('X-Forwarded-For', address).send({ email, password });

  async function attackedOwner() {
    const owner = await registerVendor(ctx);
    const home = newAddress();
    expect((await login(home, owner.email, STRONG_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 10; i += 1) expectProblem(await login(newAddress(), owner.email, WRONG), 401, 'invalid-credentials');
    return { owner, home };
  }

  it('when ten wrong passwords come from ten addresses, then the owner still signs in with the right one from an address they used before', async () => {
    const { owner, home } = await attackedOwner();

    const res = await login(home, owner.email, STRONG_PASSWORD);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('when the attack goes on from new addresses, then they are slowed to one attempt per 30 seconds between them, while the owner’s address is not', async () => {
    const { owner, home } = await attackedOwner();

    const burst = [];
    for (let i = 0; i < 5; i += 1) burst.push(await login(newAddress(), owner.email, WRONG));

    expect(burst.map((res) => res.status)).toEqual([401, 429, 429, 429, 429]);
    const retryAfter = Number(burst[1]?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(DEFAULT_SLOW_INTERVAL_MS / 1000);
    expect((burst[1]?.body as { detail: string }).detail).toMatch(/Try again in \d+ seconds/);
    expect((await login(home, owner.email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('when the owner signs in from a new device during the attack, then they are slowed, not refused: after the wait the right password works', async () => {
    const { owner } = await attackedOwner();
    await login(newAddress(), owner.email, WRONG);
    const phone = newAddress();

    const waiting = await login(phone, owner.email, STRONG_PASSWORD);
    expectProblem(waiting, 429, 'rate-limited');

    ctx.advanceClock(Number(waiting.headers['retry-after']) * 1000);
    expect((await login(phone, owner.email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('when one address fails ten times, then that address waits out the window; after it, it may try again', async () => {
    const owner = await registerVendor(ctx);
    const attacker = newAddress();
    for (let i = 0; i < 10; i += 1) await login(attacker, owner.email, WRONG);

    const blocked = await login(attacker, owner.email, WRONG);
    expectProblem(blocked, 429, 'rate-limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);

    ctx.advanceClock(LIMITS.windowMs);
    expectProblem(await login(attacker, owner.email, WRONG), 401, 'invalid-credentials');
  });

  it('when an unknown email is attacked the same way, then the answers are the same as for a real account (no enumeration)', async () => {
    const { owner } = await attackedOwner();
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 10; i += 1) await login(newAddress(), ghost, WRONG);

    const real = [await login(newAddress(), owner.email, WRONG), await login(newAddress(), owner.email, WRONG)];
    const fake = [await login(newAddress(), ghost, WRONG), await login(newAddress(), ghost, WRONG)];

    expect(fake.map((res) => res.status)).toEqual(real.map((res) => res.status));
    expect(fake[1]?.body).toEqual(real[1]?.body);
  });

  it('when a sign-in succeeds, then the address is stored as a keyed hash, never the address itself', async () => {
    const owner = await registerVendor(ctx);
    const address = newAddress();
    await login(address, owner.email, STRONG_PASSWORD);

    const rows = await ctx.database.db.selectFrom('sign_in_addresses').selectAll().where('user_id', '=', owner.vendor.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(address);
  });
});
