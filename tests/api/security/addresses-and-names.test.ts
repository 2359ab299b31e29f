import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, errorPaths, expectProblem, registerVendor, STRONG_PASSWORD, uniqueEmail } from '../../support/api/http';
import { postRequest } from '../../support/api/marketplace';
import { aVendor } from '../../support/api/builders';

/**
 * One email rule everywhere, and names on one line (issue 20): an address that a mail library
 * would read as two (`c,victim@example.com`) or as a group is refused before anything is stored
 * or mailed, and a name cannot carry extra lines into a mail.
 */
describe.each(TEST_DATABASES)('addresses and names from outside on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const outboxTo = (fragment: string) => ctx.database.db.selectFrom('dev_mailbox').select('to_address').where('to_address', 'like', `%${fragment}%`).execute();
  const smuggled = [
    'c,victim-{n}@example.com',
    'c;victim-{n}@example.com',
    'friends:victim-{n}@example.com',
    'Jane<victim-{n}@example.com',
    '"c"victim-{n}@example.com',
  ];

  it.each(smuggled)('when a couple asks for quotes as %j, then a 400 names customer.email and nobody is mailed', async (pattern) => {
    const marker = uniqueEmail('target').split('@')[0]!;
    const { res } = await postRequest(ctx, { customer: { name: 'Jordan Avery', email: pattern.replace('{n}', marker) } });
    const problem = expectProblem(res, 400, 'validation-failed');
    expect(problem.errors).toContainEqual({ path: 'customer.email', message: 'Invalid email address' });
    await ctx.jobs.runDue();
    expect(await outboxTo(marker)).toEqual([]);
    expect(await ctx.database.db.selectFrom('quote_requests').select('id').where('customer_email', 'like', `%${marker}%`).execute()).toEqual([]);
  });

  it('when an owner invites seven addresses that a mail library would each read as the same target, then every one is refused and the target gets nothing', async () => {
    const owner = await registerVendor(ctx);
    const target = uniqueEmail('target');
    for (let i = 0; i < 7; i += 1) {
      const res = await agent(ctx)
        .post('/api/team/invitations')
        .set('Authorization', `Bearer ${owner.accessToken}`)
        .send({ email: `x${i},${target}` });
      expect(errorPaths(expectProblem(res, 400, 'validation-failed'))).toEqual(['email']);
    }
    await ctx.jobs.runDue();
    expect(await outboxTo(target)).toEqual([]);
  });

  it('when someone registers or signs in with an address holding a comma, then it is the seed message on email', async () => {
    const email = `a,${uniqueEmail()}`;
    const registered = expectProblem(
      await agent(ctx).post('/api/register').send({ email, password: STRONG_PASSWORD, businessName: 'Crumb & Co' }),
      400,
      'validation-failed',
    );
    expect(registered.errors).toContainEqual({ path: 'email', message: 'Invalid email address' });
    expect(errorPaths(expectProblem(await agent(ctx).post('/api/forgot-password').send({ email }), 400))).toEqual(['email']);
  });

  it.each([
    ['a line feed', 'Jordan\nYour payment failed: https://evil.example/pay'],
    ['a carriage return and line feed', 'Jordan\r\nBcc: victim@example.com'],
    ['a right-to-left override', 'Jordan \u202egnp.exe'],
  ])("when a couple's name holds %s, then a 400 names customer.name and nothing is stored", async (_label, name) => {
    const email = uniqueEmail('couple');
    const { res } = await postRequest(ctx, { customer: { name, email } });
    const problem = expectProblem(res, 400, 'validation-failed');
    expect(problem.errors).toContainEqual({ path: 'customer.name', message: 'Use one line of text, without line breaks or control characters' });
    expect(await ctx.database.db.selectFrom('quote_requests').select('id').where('customer_email', '=', email).execute()).toEqual([]);
  });

  it('when a business name holds a line break at sign-up or in a form, then a 400 names the field and the stored name stays', async () => {
    const registered = expectProblem(
      await agent(ctx).post('/api/register').send({ email: uniqueEmail(), password: STRONG_PASSWORD, businessName: 'Crumb\r\nVisit evil.example' }),
      400,
      'validation-failed',
    );
    expect(registered.errors).toContainEqual({ path: 'businessName', message: 'Use one line of text, without line breaks or control characters' });

    const seller = await aVendor(ctx, { businessName: 'Petals of Austin' });
    const saved = await agent(ctx)
      .put('/api/vendor/forms/edit-profile')
      .set('Authorization', `Bearer ${seller.accessToken}`)
      .send({ business_name: 'Petals\nClick here' });
    expect(expectProblem(saved, 400, 'validation-failed').errors).toContainEqual({
      path: 'business_name',
      message: 'Use one line of text, without line breaks or control characters',
    });
    const me = await agent(ctx).get('/api/vendor/me').set('Authorization', `Bearer ${seller.accessToken}`);
    expect(me.body.data.business_name).toBe('Petals of Austin');
  });

  it("when names and addresses are ordinary people's (an apostrophe, accents), then they are taken", async () => {
    const { res } = await postRequest(ctx, { customer: { name: 'Zoë O’Neil-Álvarez', email: `zoe.o'neil+${Date.now()}@example.com` } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});
