import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aConfirmedRequest, aQuotedQuote, aVendor } from '../../support/api/builders';
import { advanceMinutes } from '../../support/api/clock';
import { migrateOver } from '../../support/api/migrations';
import { agent, expectProblem, outboxFor, uniqueEmail, type SessionBody } from '../../support/api/http';
import { customerDecides, freshCity, matchOf, signInAgain, type Seller } from '../../support/api/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';

interface MessageBody {
  id: string;
  from: 'vendor' | 'customer';
  body: string;
  automatic: boolean;
  createdAt: number;
  readAt: number | null;
}

interface ThreadBody {
  quoteId: string;
  customerName: string;
  quoteStatus: string;
  lastMessage: { from: string; body: string; createdAt: number } | null;
  unread: number;
}

/**
 * One thread per quote between the business's team and the couple (docs/marketplace.md: Messages): both sides
 * write and read, read receipts, the team's mail at most once per thread per 10 minutes while
 * unread, the inbox (unread first, search, pages) and the menu's unread count.
 */
describe.each(TEST_DATABASES)('message threads on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const bearer = (seller: SessionBody) => `Bearer ${seller.accessToken}`;
  const vendorWrites = (seller: SessionBody, quoteId: string, body: object) =>
    agent(ctx).post(`/api/quotes/${quoteId}/messages`).set('Authorization', bearer(seller)).send(body);
  const vendorReads = (seller: SessionBody, quoteId: string) => agent(ctx).get(`/api/quotes/${quoteId}/messages`).set('Authorization', bearer(seller));
  const coupleWrites = (token: string, quoteId: string, body: object) => agent(ctx).post(`/api/public/requests/${token}/quotes/${quoteId}/messages`).send(body);
  const coupleReads = (token: string, quoteId: string) => agent(ctx).get(`/api/public/requests/${token}/quotes/${quoteId}/messages`);
  const inbox = (seller: SessionBody, query: Record<string, string> = {}) =>
    agent(ctx).get('/api/messages/threads').query(query).set('Authorization', bearer(seller));
  const unread = async (seller: SessionBody) =>
    ((await agent(ctx).get('/api/messages/unread').set('Authorization', bearer(seller))).body as { data: { unread: number } }).data.unread;

  async function vendorIn(city: string): Promise<Seller> {
    return aVendor(ctx, { city, businessName: `Petals ${uniqueEmail('x').slice(2, 8)}` });
  }

  it('when the vendor and the couple write to each other, then each reads the other, read receipts are set both ways, and the couple is mailed with their link a minute later', async () => {
    const florist = await vendorIn(freshCity(ctx));
    const { token, email, quote } = await aQuotedQuote(ctx, florist, { customer: { name: 'Ana Ruiz' } });

    const sent = await vendorWrites(florist, quote.id, { body: 'Hi Ana! Do you have a colour palette in mind?\n<b>Peonies</b> are in season.' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const message = sent.body.data as MessageBody;
    expect(message).toMatchObject({
      from: 'vendor',
      automatic: false,
      readAt: null,
      body: 'Hi Ana! Do you have a colour palette in mind?\n<b>Peonies</b> are in season.',
    });

    const aboutPalette = async () => (await outboxFor(ctx, email)).find((m) => m.text_body.includes('colour palette'));
    expect(await aboutPalette()).toBeUndefined();
    await advanceMinutes(ctx, 1);
    const mail = await aboutPalette();
    expect(mail?.text_body).toContain(`/requests/${token}`);
    // HTML the vendor typed is text in the mail too.
    expect(mail?.html_body).toContain('&lt;b&gt;Peonies&lt;/b&gt;');

    const couple = await coupleReads(token, quote.id);
    expect(couple.status).toBe(200);
    expect((couple.body.data as MessageBody[]).map((m) => m.body)).toContain(message.body);
    const replied = await coupleWrites(token, quote.id, { body: 'Blush and ivory, please.' });
    expect(replied.status, JSON.stringify(replied.body)).toBe(201);

    const vendorSide = (await vendorReads(florist, quote.id)).body.data as MessageBody[];
    expect(vendorSide.map((m) => [m.from, m.body])).toEqual([
      ['vendor', message.body],
      ['customer', 'Blush and ivory, please.'],
    ]);
    // The couple read the vendor's message when they opened the thread.
    expect(vendorSide[0]?.readAt).toEqual(expect.any(Number));
    const coupleSide = (await coupleReads(token, quote.id)).body.data as MessageBody[];
    expect(coupleSide.find((m) => m.from === 'customer')?.readAt).toEqual(expect.any(Number));
  });

  it('when the couple writes three times in a row, then the team is mailed once per 10 minutes while unread, and again once it read the thread', async () => {
    const florist = await vendorIn(freshCity(ctx));
    const { token, quote } = await aQuotedQuote(ctx, florist, { customer: { name: 'Kim Park' } });
    const teamMails = async () => (await outboxFor(ctx, florist.email)).filter((m) => m.subject === 'Kim Park wrote to you');

    expect((await coupleWrites(token, quote.id, { body: 'First question' })).status).toBe(201);
    expect((await coupleWrites(token, quote.id, { body: 'Second question' })).status).toBe(201);
    expect(await teamMails()).toHaveLength(1);
    expect((await teamMails())[0]?.text_body).toContain(`/messages?thread=${quote.id}`);
    expect(await unread(florist)).toBe(2);

    await advanceMinutes(ctx, 11);
    await signInAgain(ctx, florist);
    expect((await coupleWrites(token, quote.id, { body: 'Third question' })).status).toBe(201);
    expect(await teamMails()).toHaveLength(2);

    await vendorReads(florist, quote.id);
    expect(await unread(florist)).toBe(0);
    expect((await coupleWrites(token, quote.id, { body: 'Fourth, after you read' })).status).toBe(201);
    expect(await teamMails()).toHaveLength(3);
  });

  /** The "wrote to you" mails the couple of `email` got. */
  const coupleMails = async (email: string) => (await outboxFor(ctx, email)).filter((m) => m.subject.endsWith(' wrote to you'));

  it('when the vendor writes three messages in a row, then the couple is mailed them together a minute later, and the next ones wait for 10 quiet minutes after that mail', async () => {
    const florist = await vendorIn(freshCity(ctx));
    const { email, quote } = await aQuotedQuote(ctx, florist, { customer: { name: 'Lee Chen' } });
    for (const word of ['First', 'Second', 'Third']) expect((await vendorWrites(florist, quote.id, { body: `${word} note about peonies` })).status).toBe(201);
    expect(await coupleMails(email)).toEqual([]);

    await advanceMinutes(ctx, 1);
    const [together, ...more] = await coupleMails(email);
    expect(more).toEqual([]);
    expect(together?.text_body).toContain('Hi Lee,');
    expect(together?.text_body).toContain('wrote 3 messages:\n\nFirst note about peonies\n\nSecond note about peonies\n\nThird note about peonies\n\n');

    expect((await vendorWrites(florist, quote.id, { body: 'Fourth: the ribbon colour?' })).status).toBe(201);
    expect((await vendorWrites(florist, quote.id, { body: 'Fifth: and the vases?' })).status).toBe(201);
    await advanceMinutes(ctx, 5);
    expect(await coupleMails(email)).toHaveLength(1);
    await advanceMinutes(ctx, 5);
    const [, next] = await coupleMails(email);
    expect(next?.text_body).toContain('wrote 2 messages:\n\nFourth: the ribbon colour?\n\nFifth: and the vases?\n\n');
    expect(next?.text_body).not.toContain('peonies');
  });

  it('when the couple has the page open and reads the vendor’s message within the minute, then no mail is sent about it', async () => {
    const florist = await vendorIn(freshCity(ctx));
    const { token, email, quote } = await aQuotedQuote(ctx, florist);
    expect((await vendorWrites(florist, quote.id, { body: 'Are you free for a call tomorrow?' })).status).toBe(201);

    expect((await coupleReads(token, quote.id)).status).toBe(200);
    await advanceMinutes(ctx, 2);

    expect(await coupleMails(email)).toEqual([]);
  });

  it('when a vendor writes 40 messages in a conversation in an hour, then the next is 429 saying when it may write again (also when sent at once), its other conversations stay open, the couple got one mail, and an hour later it writes again', async () => {
    const florist = await vendorIn(freshCity(ctx));
    const { email, quote } = await aQuotedQuote(ctx, florist);
    const other = await aQuotedQuote(ctx, florist);
    // Sent at once: each is counted after the one before, so exactly one is refused.
    const sent = await Promise.all(Array.from({ length: 41 }, (_, n) => vendorWrites(florist, quote.id, { body: `Message ${n + 1}` })));
    expect(sent.filter((res) => res.status === 201)).toHaveLength(40);
    const [limited, ...more] = sent.filter((res) => res.status !== 201);
    expect(more).toEqual([]);
    const problem = expectProblem(limited!, 429, 'rate-limited');
    const message = 'You have sent 40 messages in this conversation in the last hour. You can write again in 60 minutes.';
    expect(problem.errors).toEqual([{ path: 'body', message }]);
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await vendorWrites(florist, other.quote.id, { body: 'Hello from another thread' })).status).toBe(201);

    await advanceMinutes(ctx, 61);
    expect(await coupleMails(email)).toHaveLength(1);
    await signInAgain(ctx, florist);
    expect((await vendorWrites(florist, quote.id, { body: 'Message 41, an hour on' })).status).toBe(201);
    expect(await ctx.database.db.selectFrom('messages').select('id').where('quote_id', '=', quote.id).where('automatic', '=', 0).execute()).toHaveLength(41);
  });

  it('when messages were written before the quiet period existed, then migration 033 notes them as mailed, and the next mail carries only what comes after', async () => {
    const florist = await vendorIn(freshCity(ctx));
    const { email, quote } = await aQuotedQuote(ctx, florist);
    await migrateOver(ctx, '033-couple-mail', (db) =>
      db
        .insertInto('messages')
        .values({
          id: 'm-before',
          quote_id: quote.id,
          sender: 'vendor',
          body: 'Mailed when it was written',
          automatic: 0,
          read_at: null,
          created_at: 1_000,
        } as never)
        .execute(),
    );
    expect(await ctx.database.db.selectFrom('messages').select('mailed_at').where('id', '=', 'm-before').executeTakeFirst()).toEqual({
      mailed_at: expect.anything(),
    });

    expect((await vendorWrites(florist, quote.id, { body: 'Written after the migration' })).status).toBe(201);
    await advanceMinutes(ctx, 1);
    const [mail, ...more] = await coupleMails(email);
    expect(more).toEqual([]);
    expect(mail?.text_body).toContain('Written after the migration');
    expect(mail?.text_body).not.toContain('Mailed when it was written');
  });

  it('when a message is empty, too long or not text, or the quote is not theirs, then each side gets a 4xx and nothing is stored', async () => {
    const city = freshCity(ctx);
    const florist = await vendorIn(city);
    const other = await vendorIn(freshCity(ctx));
    const { token, quote } = await aQuotedQuote(ctx, florist);
    const elsewhere = await aQuotedQuote(ctx, other);

    expectProblem(await vendorWrites(florist, quote.id, { body: '' }), 400, 'validation-failed');
    expectProblem(await vendorWrites(florist, quote.id, { body: '   ' }), 400, 'validation-failed');
    expectProblem(await vendorWrites(florist, quote.id, { body: 'x'.repeat(10_001) }), 400, 'validation-failed');
    expect((await vendorWrites(florist, quote.id, { body: 'x'.repeat(10_000) })).status).toBe(201);
    expectProblem(await vendorWrites(florist, quote.id, { body: 42 }), 400, 'validation-failed');
    expectProblem(await vendorWrites(florist, quote.id, { body: 'hi', extra: true }), 400, 'validation-failed');
    expectProblem(await vendorWrites(florist, elsewhere.quote.id, { body: 'Not my couple' }), 404);
    expectProblem(await vendorReads(florist, elsewhere.quote.id), 404);
    expectProblem(await vendorReads(florist, 'not-a-uuid'), 404);
    expectProblem(await coupleWrites(token, quote.id, { body: '' }), 400, 'validation-failed');
    // One request's link never reads another request's thread.
    expectProblem(await coupleReads(token, elsewhere.quote.id), 404);
    expectProblem(await coupleWrites(token, elsewhere.quote.id, { body: 'Hello?' }), 404);
    expectProblem(await coupleReads(`${token.slice(0, -2)}xx`, quote.id), 404);
    expect(
      await ctx.database.db.selectFrom('messages').select('id').where('quote_id', '=', elsewhere.quote.id).where('sender', '=', 'customer').execute(),
    ).toEqual([]);
  });

  it('when a match is not quoted yet, then the vendor cannot write (409) and the couple cannot see it (404)', async () => {
    const city = freshCity(ctx);
    const florist = await vendorIn(city);
    const asked = await aConfirmedRequest(ctx, { location: city });
    const match = await matchOf(ctx, florist, asked.request.id);
    expectProblem(await vendorWrites(florist, match.id, { body: 'Hello before quoting' }), 409, 'conflict');
    expectProblem(await coupleReads(asked.token, match.id), 404);
  });

  it('when the couple turned the quote down, or the match closed before the vendor answered it, then the vendor reads the thread but cannot write (409 saying why) and the couple gets no mail', async () => {
    const city = freshCity(ctx);
    const florist = await vendorIn(city);
    const turnedDown = await aQuotedQuote(ctx, florist, { location: city });
    expect((await customerDecides(ctx, turnedDown.token, turnedDown.quote.id, 'reject')).status).toBe(200);
    const walkedAway = await aConfirmedRequest(ctx, { location: city });
    const unanswered = await matchOf(ctx, florist, walkedAway.request.id);
    expect((await agent(ctx).post(`/api/public/requests/${walkedAway.token}/withdraw`)).status).toBe(200);
    const mailsBefore = (await outboxFor(ctx, walkedAway.email)).length + (await outboxFor(ctx, turnedDown.email)).length;

    const rejected = expectProblem(await vendorWrites(florist, turnedDown.quote.id, { body: 'Are you sure? 10% off!' }), 409, 'conflict');
    expect(rejected.detail).toBe('The couple turned this quote down: you can read the conversation but no longer write in it.');
    const closed = expectProblem(await vendorWrites(florist, unanswered.id, { body: 'Still free on your date!' }), 409, 'conflict');
    expect(closed.detail).toBe('This match is closed: you can read the conversation but no longer write in it.');

    expect((await vendorReads(florist, turnedDown.quote.id)).status).toBe(200);
    expect((await vendorReads(florist, unanswered.id)).status).toBe(200);
    const stored = await ctx.database.db
      .selectFrom('messages')
      .select('id')
      .where('quote_id', 'in', [turnedDown.quote.id, unanswered.id])
      .where('sender', '=', 'vendor')
      .execute();
    expect(stored).toEqual([]);
    expect((await outboxFor(ctx, walkedAway.email)).length + (await outboxFor(ctx, turnedDown.email)).length).toBe(mailsBefore);
  });

  it('when the business has several threads, then the inbox lists unread first, then by last message, in pages, and finds by name and by text', async () => {
    const florist = await vendorIn(freshCity(ctx));
    const names = ["Zoë O'Brien", 'Liam Chen', 'Maya Singh'];
    const threads = [];
    for (const name of names) threads.push(await aQuotedQuote(ctx, florist, { customer: { name } }));
    const [zoe, liam, maya] = threads as [(typeof threads)[0], (typeof threads)[0], (typeof threads)[0]];
    await vendorWrites(florist, zoe.quote.id, { body: 'We can do a multi-day setup for the rehearsal dinner.' });
    await advanceMinutes(ctx, 1);
    await signInAgain(ctx, florist);
    await vendorWrites(florist, liam.quote.id, { body: 'Thanks for the photos of the venue.' });
    await advanceMinutes(ctx, 1);
    await signInAgain(ctx, florist);
    await coupleWrites(maya.token, maya.quote.id, { body: 'Could you add garlands?' });
    await advanceMinutes(ctx, 1);
    await signInAgain(ctx, florist);
    await vendorWrites(florist, zoe.quote.id, { body: 'Sent the moodboard.' });

    const all = await inbox(florist);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const list = all.body.data as ThreadBody[];
    expect(list.map((t) => t.customerName)).toEqual(['Maya Singh', "Zoë O'Brien", 'Liam Chen']);
    expect(list[0]).toMatchObject({ unread: 1, quoteStatus: 'submitted', lastMessage: { from: 'customer', body: 'Could you add garlands?' } });
    expect(await unread(florist)).toBe(1);

    const first = await inbox(florist, { limit: '2' });
    expect((first.body.data as ThreadBody[]).map((t) => t.customerName)).toEqual(['Maya Singh', "Zoë O'Brien"]);
    const second = await inbox(florist, { limit: '2', cursor: first.body.nextCursor as string });
    expect((second.body.data as ThreadBody[]).map((t) => t.customerName)).toEqual(['Liam Chen']);
    expect(second.body.nextCursor).toBeNull();
    expectProblem(await inbox(florist, { cursor: 'forged' }), 400, 'validation-failed');

    const search = async (q: string) => ((await inbox(florist, { q })).body.data as ThreadBody[]).map((t) => t.customerName);
    expect(await search('liam')).toEqual(['Liam Chen']);
    expect(await search('multi-day')).toEqual(["Zoë O'Brien"]);
    expect(await search("o'brien")).toEqual(["Zoë O'Brien"]);
    expect(await search('garl')).toEqual(['Maya Singh']);
    expect(await search('moodboard zoë')).toEqual(["Zoë O'Brien"]);
    expect(await search('"unbalanced AND (')).toEqual([]);
    expect(await search('nothing-like-this')).toEqual([]);
    expectProblem(await inbox(florist, { q: 'x'.repeat(201) }), 400, 'validation-failed');

    // Another business's inbox never shows these threads.
    const other = await vendorIn(freshCity(ctx));
    expect((await inbox(other)).body.data).toEqual([]);
    expect(await unread(other)).toBe(0);
  });
});

/** The limit per person is counted outside the store (memory or Redis): one store proves it. */
describe('a business person’s messages in an hour', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000, vendorMessagesPerUser: 3 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('when one person writes more than their hourly messages over several conversations, then the next is 429 with Retry-After, and refused bodies do not count', async () => {
    const florist = await aVendor(ctx, { city: freshCity(ctx) });
    const [first, second] = [await aQuotedQuote(ctx, florist), await aQuotedQuote(ctx, florist)];
    const writes = (quoteId: string, body: object) =>
      agent(ctx).post(`/api/quotes/${quoteId}/messages`).set('Authorization', `Bearer ${florist.accessToken}`).send(body);

    expectProblem(await writes(first.quote.id, { body: '' }), 400);
    expectProblem(await writes(first.quote.id, {}), 400);
    expect((await writes(first.quote.id, { body: 'One' })).status).toBe(201);
    expect((await writes(second.quote.id, { body: 'Two' })).status).toBe(201);
    expect((await writes(second.quote.id, { body: 'Three' })).status).toBe(201);

    const limited = await writes(first.quote.id, { body: 'Four' });
    expectProblem(limited, 429, 'rate-limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const stored = await ctx.database.db
      .selectFrom('messages')
      .select('body')
      .where('automatic', '=', 0)
      .where('quote_id', 'in', [first.quote.id, second.quote.id])
      .execute();
    expect(stored.map((row) => row.body).sort()).toEqual(['One', 'Three', 'Two']);
  });
});
