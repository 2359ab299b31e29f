import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, errorPaths, expectProblem, registerVendor, STRONG_PASSWORD, uniqueEmail } from '../../support/api/http';

/**
 * Text one store keeps and the other cannot, refused alike by the body gate on both, naming the field:
 * - NUL characters (found by the hostile-input corpus): PostgreSQL cannot store U+0000 in a text
 *   column, so a quick reply, a message or a review reply holding one was a 500 there (and stored
 *   as sent on SQLite).
 * - Text that is not Unicode (found by an attack on the couple's routes): half of a UTF-16
 *   surrogate pair, which JSON can spell as `\ud800`, was stored by SQLite and made PostgreSQL
 *   answer 500 (the mail job's JSON refused it); bytes that are not UTF-8 were stored as U+FFFD
 *   without a word.
 */
describe.each(TEST_DATABASES)('text the stores cannot keep alike, in request bodies on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  describe('NUL characters', () => {
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

  describe('text that is not Unicode', () => {
    const usersWith = (email: string) => ctx.database.db.selectFrom('users').select('id').where('email', '=', email).execute();

    it('when a business name at registration holds half of a surrogate pair, then 400 naming it and no account is made', async () => {
      const email = uniqueEmail();
      for (const businessName of ['Rosewood \ud800 Catering', 'Rosewood \udfff', '\ude00\ud83d Rosewood']) {
        const res = await agent(ctx).post('/api/register').send({ email, password: STRONG_PASSWORD, businessName });

        const problem = expectProblem(res, 400, 'validation-failed');
        expect(errorPaths(problem)).toEqual(['businessName']);
        expect(problem.detail).toContain('surrogate');
      }
      expect(await usersWith(email.toLowerCase())).toEqual([]);
    });

    it('when text holds a whole surrogate pair (an emoji spelled as its escapes), then it is saved as that character', async () => {
      const vendor = await registerVendor(ctx);

      const res = await agent(ctx)
        .post('/api/message-snippets')
        .set('Authorization', `Bearer ${vendor.accessToken}`)
        .set('Content-Type', 'application/json')
        .send('{"title":"Cake \\ud83c\\udf82","body":"A slice for you \\ud83c\\udf70"}');

      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const saved = await ctx.database.db.selectFrom('message_snippets').select(['title', 'body']).where('vendor_id', '=', vendor.vendor.vendor_id).execute();
      expect(saved).toContainEqual({ title: 'Cake 🎂', body: 'A slice for you 🍰' });
    });

    it('when the body is not valid UTF-8, then 400 saying so and nothing is stored', async () => {
      const email = uniqueEmail();
      const json = Buffer.from(JSON.stringify({ email, password: STRONG_PASSWORD, businessName: 'Rosewood XX' }));
      // The two X become bytes that no UTF-8 text holds: a lone continuation byte, and the first half of a surrogate.
      const at = json.indexOf('XX');
      const bytes = Buffer.concat([json.subarray(0, at), Buffer.from([0x80, 0xed, 0xa0, 0x80]), json.subarray(at + 2)]);

      for (const type of ['application/json', 'application/json; charset=utf-8']) {
        // Sent as the bytes they are (supertest would write a Buffer as JSON of its own).
        const res = await agent(ctx)
          .post('/api/register')
          .set('Content-Type', type)
          .serialize((body: unknown) => body as string)
          .send(bytes as never);

        expect(expectProblem(res, 400, 'validation-failed').detail).toBe('The request body is not valid UTF-8: send the JSON encoded as UTF-8.');
      }
      expect(await usersWith(email.toLowerCase())).toEqual([]);
    });
  });
});
