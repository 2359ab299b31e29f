import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, errorPaths, expectProblem, registerVendor, waitForMail } from '../../support/api/http';

/** The development outbox's `to` (found by the hostile-input corpus): a NUL byte in it was a 500 on PostgreSQL. */
describe.each(TEST_DATABASES)('the development outbox’s query on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it.each(['/dev/outbox.json', '/dev/outbox'])('when %s is asked for an address holding a NUL byte, then 400 naming `to` (not 500)', async (path) => {
    const res = await agent(ctx).get(`${path}?to=a%00%40example.com`);

    expect(errorPaths(expectProblem(res, 400, 'validation-failed'))).toEqual(['to']);
  });

  it('when the operator asks for an address as usual, then its mail is listed', async () => {
    const vendor = await registerVendor(ctx);
    await waitForMail(ctx, vendor.email, 1, 2_000, { withWelcome: true });

    const res = await agent(ctx).get(`/dev/outbox.json?to=${encodeURIComponent(vendor.email)}`);

    expect(res.status).toBe(200);
    expect((res.body as { data: { to_address: string }[] }).data.map((mail) => mail.to_address)).toContain(vendor.email);
  });
});
