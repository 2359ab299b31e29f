import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../support/api/test-app';
import { agent, expectProblem, registerVendor } from '../../support/api/http';
import { currentVendor, onboard, onboardingData, storedForms } from '../../support/api/forms';

/**
 * `depth` objects `{ "conditions": … }` inside one another, as JSON text: written out directly,
 * as an attacker would, because serialising such a value in the test would exhaust the test's
 * own stack first.
 */
function nestedConditions(depth: number): string {
  return `${'{"conditions":'.repeat(depth)}{"status":"x"}${'}'.repeat(depth)}`;
}

/** A navigation request whose one ability rule carries `conditions` as given. */
function navigationBody(conditions: string): string {
  return `{"path":"/dashboard","vendor":{"role":"admin","last_completed_step":1,"ability":[{"action":"read","subject":"Quote","conditions":${conditions}}]}}`;
}

const navigate = (ctx: TestContext, body: string) => agent(ctx).post('/api/config/navigation').set('Content-Type', 'application/json').send(body);

describe('deeply nested JSON bodies', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when the navigation endpoint gets an ability rule nested ~1,900 deep without a login, then 400 problem (not 500)', async () => {
    const res = await navigate(ctx, navigationBody(nestedConditions(1_900)));

    const body = expectProblem(res, 400, 'validation-failed');
    expect(body.detail).toMatch(/nested too deeply/);
  });

  it.each([
    ['objects', nestedConditions(4_130)],
    ['arrays', `${'['.repeat(4_130)}"x"${']'.repeat(4_130)}`],
  ])(
    'when a form save carries a field of %s nested ~4,130 deep (the report’s body), then 400 problem (not 500) and nothing is stored',
    async (_kind, field) => {
      const session = await registerVendor(ctx);
      await onboard(ctx, session);
      const before = await storedForms(ctx, session.vendor.vendor_id);

      const body = JSON.stringify(onboardingData({ notes: 'NESTED' })).replace('"NESTED"', field);
      const res = await agent(ctx)
        .put('/api/vendor/forms/new-user-step-1')
        .set('Authorization', `Bearer ${session.accessToken}`)
        .set('Content-Type', 'application/json')
        .send(body);

      const problem = expectProblem(res, 400, 'validation-failed');
      expect(problem.detail).toMatch(/nested too deeply/);
      expect(await storedForms(ctx, session.vendor.vendor_id)).toEqual(before);
      expect((await currentVendor(ctx, session.accessToken)).last_completed_step).toBe(1);
    },
  );

  it('when a body nests about 55 levels, then it is read as usual (refused by the endpoint on its merits only)', async () => {
    const res = await navigate(ctx, navigationBody(nestedConditions(50)));

    expect(res.status).not.toBe(500);
    if (res.status === 400) expect((res.body as { detail?: string }).detail).not.toMatch(/nested too deeply/);
  });

  it('when a body 5,000 levels deep is refused, then the server keeps answering the next request', async () => {
    expectProblem(await navigate(ctx, navigationBody(nestedConditions(5_000))), 400, 'validation-failed');
    const res = await agent(ctx).post('/api/config/navigation').send({ path: '/dashboard', vendor: null });
    expect(res.status).toBe(200);
  });
});
