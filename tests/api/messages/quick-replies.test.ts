import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aBusinessWithMember, aConfirmedRequest, aVendor } from '../../support/api/builders';
import { advanceMinutes } from '../../support/api/clock';
import { agent, errorPaths, expectProblem, outboxFor, uniqueEmail, type SessionBody } from '../../support/api/http';
import { customerPage, declineQuote, freshCity, matchOf, storedQuote } from '../../support/api/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';

interface SnippetBody {
  id: string;
  title: string;
  body: string;
}

const READY = [
  {
    title: 'Not available on your date',
    body: 'Thank you for thinking of us! Unfortunately we are already booked on your date. We wish you a wonderful celebration.',
  },
  {
    title: 'Not a good fit',
    body: 'Thank you for your request. Your event is not a good fit for what we offer, so we are not the right choice this time. We wish you all the best with your plans.',
  },
];

/**
 * Quick replies (docs/marketplace.md: Messages): each business's saved snippets, the two ready-made ones to
 * start with, kept by those who edit settings and used by the whole team; a decline can send one
 * to the couple in the quote's thread.
 */
describe.each(TEST_DATABASES)('quick replies on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({ database: kind, rateLimits: { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 } });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const bearer = (seller: SessionBody) => `Bearer ${seller.accessToken}`;
  const list = (seller: SessionBody) => agent(ctx).get('/api/message-snippets').set('Authorization', bearer(seller));
  const listed = async (seller: SessionBody) => {
    const res = await list(seller);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { data: SnippetBody[] }).data;
  };
  const create = (seller: SessionBody, body: unknown) =>
    agent(ctx)
      .post('/api/message-snippets')
      .set('Authorization', bearer(seller))
      .send(body as object);
  const update = (seller: SessionBody, id: string, body: unknown) =>
    agent(ctx)
      .put(`/api/message-snippets/${id}`)
      .set('Authorization', bearer(seller))
      .send(body as object);
  const remove = (seller: SessionBody, id: string) => agent(ctx).delete(`/api/message-snippets/${id}`).set('Authorization', bearer(seller));
  const vendorReads = (seller: SessionBody, quoteId: string) => agent(ctx).get(`/api/quotes/${quoteId}/messages`).set('Authorization', bearer(seller));
  const coupleReads = (token: string, quoteId: string) => agent(ctx).get(`/api/public/requests/${token}/quotes/${quoteId}/messages`);

  it('when a business opens its quick replies for the first time, then it has the two ready ones, once, and they are edited and deleted like its own', async () => {
    const florist = await aVendor(ctx);
    const first = await listed(florist);
    expect(first.map(({ title, body }) => ({ title, body }))).toEqual(READY);
    expect(first.every((snippet) => /^[0-9a-f-]{36}$/.test(snippet.id))).toBe(true);
    // Reading again (or twice at once) gives the same two, not more.
    const [again, atOnce] = await Promise.all([listed(florist), listed(florist)]);
    expect(again).toEqual(first);
    expect(atOnce).toEqual(first);

    const [date, fit] = first as [SnippetBody, SnippetBody];
    const edited = await update(florist, date.id, { title: 'Booked that day', body: '  Sorry, we are booked that day.  ' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toEqual({ data: { id: date.id, title: 'Booked that day', body: 'Sorry, we are booked that day.' } });
    const added = await create(florist, { title: 'Thanks for booking', body: 'Thank you for booking us!\nWe will call you this week.' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const mine = (added.body as { data: SnippetBody }).data;
    expect(mine).toEqual({ id: expect.any(String), title: 'Thanks for booking', body: 'Thank you for booking us!\nWe will call you this week.' });
    // In the order they were added: the new one last.
    expect((await listed(florist)).map((s) => s.title)).toEqual(['Booked that day', 'Not a good fit', 'Thanks for booking']);

    expect((await remove(florist, fit.id)).status).toBe(204);
    expect((await remove(florist, date.id)).status).toBe(204);
    expectProblem(await remove(florist, date.id), 404, 'not-found');
    expectProblem(await update(florist, fit.id, { title: 'Back', body: 'Again' }), 404, 'not-found');
    // The ready ones do not come back once deleted.
    expect(await listed(florist)).toEqual([mine]);
    expect((await remove(florist, mine.id)).status).toBe(204);
    expect(await listed(florist)).toEqual([]);
  });

  it('when a business that never listed them saves its first quick reply, then it has the ready ones too, before its own', async () => {
    const florist = await aVendor(ctx);
    expect((await create(florist, { title: 'Hello', body: 'Hi there!' })).status).toBe(201);
    expect((await listed(florist)).map((s) => s.title)).toEqual([...READY.map((r) => r.title), 'Hello']);
  });

  it('when a business has 50 quick replies, then a 51st is refused (409) until it deletes one, also when saved at once', async () => {
    const florist = await aVendor(ctx);
    expect(await listed(florist)).toHaveLength(2);
    for (let n = 3; n <= 48; n += 1) expect((await create(florist, { title: `Reply ${n}`, body: `Text ${n}` })).status).toBe(201);
    // Four saves at once with room for two: two are kept, two refused, never 51.
    const raced = await Promise.all([1, 2, 3, 4].map((n) => create(florist, { title: `Raced ${n}`, body: 'At once' })));
    expect(raced.map((res) => res.status).sort()).toEqual([201, 201, 409, 409]);
    const full = await listed(florist);
    expect(full).toHaveLength(50);
    const refused = expectProblem(await create(florist, { title: 'One more', body: 'Too many' }), 409, 'conflict');
    expect(refused.detail).toBe('You have 50 quick replies, the most you can keep. Delete one to add another.');
    expect(await listed(florist)).toHaveLength(50);

    expect((await remove(florist, (full[10] as SnippetBody).id)).status).toBe(204);
    expect((await create(florist, { title: 'One more', body: 'Room again' })).status).toBe(201);
    expect((await listed(florist)).at(-1)?.title).toBe('One more');
  });

  it("when a business names another's quick reply, a made-up id or none, then it is not found, and each business lists only its own", async () => {
    const florist = await aVendor(ctx);
    const other = await aVendor(ctx);
    const theirs = (await listed(other))[0] as SnippetBody;
    const own = (await listed(florist))[0] as SnippetBody;
    expect(own.id).not.toBe(theirs.id);

    expectProblem(await update(florist, theirs.id, { title: 'Mine now', body: 'Taken' }), 404, 'not-found');
    expectProblem(await remove(florist, theirs.id), 404, 'not-found');
    expectProblem(await update(florist, 'not-a-uuid', { title: 'x', body: 'y' }), 404, 'not-found');
    expectProblem(await remove(florist, 'not-a-uuid'), 404, 'not-found');
    expect((await listed(other))[0]).toEqual(theirs);
    expect((await listed(florist)).map((s) => s.id)).not.toContain(theirs.id);
    expectProblem(await agent(ctx).get('/api/message-snippets'), 401, 'unauthorized');
    expectProblem(await agent(ctx).post('/api/message-snippets').send({ title: 'x', body: 'y' }), 401, 'unauthorized');
  });

  it('when a team member uses the quick replies, then they read them but only the owner adds, edits or deletes them (403)', async () => {
    const { owner, member } = await aBusinessWithMember(ctx, { businessName: 'Quick Reply Florals' });
    const shared = await listed(member);
    expect(shared.map((s) => s.title)).toEqual(READY.map((r) => r.title));
    expect(await listed(owner)).toEqual(shared);
    const first = shared[0] as SnippetBody;
    expectProblem(await create(member, { title: 'Mine', body: 'Mine' }), 403, 'forbidden');
    expectProblem(await update(member, first.id, { title: 'Mine', body: 'Mine' }), 403, 'forbidden');
    expectProblem(await remove(member, first.id), 403, 'forbidden');
    expect((await update(owner, first.id, { title: 'Fully booked', body: 'We are fully booked.' })).status).toBe(200);
    expect((await listed(member))[0]).toEqual({ id: first.id, title: 'Fully booked', body: 'We are fully booked.' });
  });

  it('when a quick reply has no title, a title over 60 characters or on more than one line, no text, text over 2,000 characters or other fields, then 400 names the field and nothing is saved', async () => {
    const florist = await aVendor(ctx);
    const before = await listed(florist);
    const id = (before[0] as SnippetBody).id;
    const cases: [unknown, string][] = [
      [{ title: '', body: 'Text' }, 'title'],
      [{ title: '   ', body: 'Text' }, 'title'],
      [{ title: 'x'.repeat(61), body: 'Text' }, 'title'],
      [{ title: 42, body: 'Text' }, 'title'],
      [{ title: 'Thanks\r\nBcc: everyone', body: 'Text' }, 'title'],
      [{ title: 'Thanks\u2028again', body: 'Text' }, 'title'],
      [{ body: 'Text' }, 'title'],
      [{ title: 'Title', body: '' }, 'body'],
      [{ title: 'Title', body: 'x'.repeat(2_001) }, 'body'],
      [{ title: 'Title' }, 'body'],
      [{ title: 'Title', body: 'Text', position: 1 }, ''],
    ];
    for (const [body, path] of cases) {
      const created = expectProblem(await create(florist, body), 400, 'validation-failed');
      expect(errorPaths(created), JSON.stringify(body)).toEqual([path]);
      const updated = expectProblem(await update(florist, id, body), 400, 'validation-failed');
      expect(errorPaths(updated), JSON.stringify(body)).toEqual([path]);
    }
    expect(await listed(florist)).toEqual(before);
    // The limits themselves are allowed, and the text keeps its lines.
    expect((await create(florist, { title: 'x'.repeat(60), body: 'y'.repeat(2_000) })).status).toBe(201);
    expect((await create(florist, { title: 'Booked', body: 'Thank you!\n\nSee you on the day.' })).status).toBe(201);
  });

  it('when a vendor declines a match with a message, then the couple is mailed it a minute later, and reads it in the thread through their link', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const asked = await aConfirmedRequest(ctx, { location: city, customer: { name: 'Maya Chen', email: uniqueEmail('maya') } });
    const match = await matchOf(ctx, florist, asked.request.id);
    const ready = (await listed(florist))[0] as SnippetBody;

    const declined = await declineQuote(ctx, florist, match.id, { reason: 'Booked that weekend', message: `  ${ready.body}  ` });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body.data).toMatchObject({ id: match.id, status: 'closed', closedReason: 'declined' });
    expect(await storedQuote(ctx, match.id)).toMatchObject({ status: 'closed', decline_reason: 'Booked that weekend' });

    const thread = (await vendorReads(florist, match.id)).body.data as { from: string; body: string; automatic: boolean }[];
    expect(thread).toEqual([expect.objectContaining({ from: 'vendor', body: ready.body, automatic: false })]);
    await advanceMinutes(ctx, 1);
    const mails = await outboxFor(ctx, asked.email);
    expect(mails.some((m) => m.text_body.includes('already booked on your date') && m.text_body.includes(`/requests/${asked.token}`))).toBe(true);
    const couple = await coupleReads(asked.token, match.id);
    expect(couple.status, JSON.stringify(couple.body)).toBe(200);
    expect((couple.body.data as { body: string }[]).map((m) => m.body)).toEqual([ready.body]);
    // The declined match is on the couple's page now, with its unread message; the reason is not.
    const page = await customerPage(ctx, asked.token);
    expect(JSON.stringify(page.body)).not.toContain('Booked that weekend');
    expect((page.body.data as { quotes: { id: string; status: string }[] }).quotes).toEqual([expect.objectContaining({ id: match.id, status: 'closed' })]);
  });

  it('when a decline has no message, then the couple sees nothing of it, as before', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const asked = await aConfirmedRequest(ctx, { location: city });
    const quiet = await matchOf(ctx, florist, asked.request.id);
    expect((await declineQuote(ctx, florist, quiet.id, {})).status).toBe(200);
    expect((await vendorReads(florist, quiet.id)).body.data).toEqual([]);
    expect((await customerPage(ctx, asked.token)).body.data.quotes).toEqual([]);

    const other = await aConfirmedRequest(ctx, { location: city });
    const withReason = await matchOf(ctx, florist, other.request.id);
    const res = await declineQuote(ctx, florist, withReason.id, { reason: 'Too far' });
    expect(res.status).toBe(200);
    expect((await vendorReads(florist, withReason.id)).body.data).toEqual([]);
    expect((await customerPage(ctx, other.token)).body.data.quotes).toEqual([]);
  });

  it('when a decline message is empty, too long or the decline is refused, then nothing changes and no message is written', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const asked = await aConfirmedRequest(ctx, { location: city });
    const match = await matchOf(ctx, florist, asked.request.id);

    for (const message of ['', '   ', 'x'.repeat(10_001), 42]) {
      const refused = expectProblem(await declineQuote(ctx, florist, match.id, { message }), 400, 'validation-failed');
      expect(errorPaths(refused)).toEqual(['message']);
    }
    expect((await storedQuote(ctx, match.id)).status).toBe('potential');
    expect((await declineQuote(ctx, florist, match.id, { message: 'x'.repeat(10_000) })).status).toBe(200);
    // Declined already: the second decline is refused, and its message with it.
    expectProblem(await declineQuote(ctx, florist, match.id, { message: 'A second goodbye' }), 409, 'conflict');
    const thread = (await vendorReads(florist, match.id)).body.data as { body: string }[];
    expect(thread.map((m) => m.body.length)).toEqual([10_000]);

    const other = await aVendor(ctx, { city: freshCity(ctx) });
    expectProblem(await declineQuote(ctx, other, match.id, { message: 'Not mine' }), 404, 'not-found');
  });
});
