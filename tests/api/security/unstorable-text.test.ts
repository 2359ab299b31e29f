import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, errorPaths, expectProblem, registerVendor } from '../../support/api/http';

/**
 * NUL characters in JSON bodies (found by the hostile-input corpus): PostgreSQL cannot store
 * U+0000 in a text column, so a quick reply, a message or a review reply holding one was a 500
 * there (and stored as sent on SQLite). The body gate refuses it on both, naming the field.
 */
describe.each(TEST_DATABASES)('NUL characters in request bodies on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const snippetsOf = (vendorId: string) => ctx.database.db.selectFrom('message_snippets').selectAll().where('vendor_id', '=', vendorId).execute();

  it('when a quick reply’s title holds a NUL character, then 400 naming the title and nothing is stored', async () => {
    const vendor = await registerVendor(ctx);

    const res = await agent(ctx)
      .post('/api/message-snippets')
      .set('Authorization', `Bearer ${vendor.accessToken}`)
      .send({ title: 'Thanks\u0000', body: 'Thank you for asking us!' });

    const problem = expectProblem(res, 400, 'validation-failed');
    expect(errorPaths(problem)).toEqual(['title']);
    expect(await snippetsOf(vendor.vendor.vendor_id)).toEqual([]);
  });

  it('when a NUL character hides in a nested value or a key, then 400 naming where', async () => {
    const navigate = (body: object) => agent(ctx).post('/api/config/navigation').send(body);

    expect(
      errorPaths(expectProblem(await navigate({ path: '/dashboard', vendor: { ability: [{ subject: 'Quote\u0000' }] } }), 400, 'validation-failed')),
    ).toEqual(['vendor.ability.0.subject']);
    expect(errorPaths(expectProblem(await navigate({ path: '/dashboard', vendor: { 'role\u0000': 'admin' } }), 400, 'validation-failed'))).toEqual([
      'vendor.role\u0000',
    ]);
  });

  it('when text spells the escape itself (a backslash, then u0000), then it is saved as written', async () => {
    const vendor = await registerVendor(ctx);

    const res = await agent(ctx)
      .post('/api/message-snippets')
      .set('Authorization', `Bearer ${vendor.accessToken}`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ title: 'Regex \\u0000', body: 'Match a NUL with \\u0000 in a pattern.' }));

    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await snippetsOf(vendor.vendor.vendor_id)).map((snippet) => snippet.title)).toContain('Regex \\u0000');
  });

  it('when the same quick reply comes without the NUL character, then it is saved', async () => {
    const vendor = await registerVendor(ctx);

    const res = await agent(ctx)
      .post('/api/message-snippets')
      .set('Authorization', `Bearer ${vendor.accessToken}`)
      .send({ title: 'Thanks', body: 'Thank you for asking us!' });

    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await snippetsOf(vendor.vendor.vendor_id)).map((snippet) => snippet.title)).toContain('Thanks');
  });
});
