import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_JOBS } from '../../../server/quotes/matches';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { agent, outboxFor } from '../../support/api/http';
import { businessOf, customerPage, freshCity, matchedVendorIds, postRequest, type CustomerRequestBody, type Seller } from '../../support/api/marketplace';
import { aVendor } from '../../support/api/builders';

/**
 * The couple's first open of their link (issue 24): the confirm answers with their page as soon
 * as the confirmation is stored, and matching (with the vendors' mails) runs afterwards as a job,
 * once per request however often the link is opened and however many instances run jobs. The
 * runners of both instances are stopped here, so a test says when jobs run (`runDue`).
 */
describe.each(TEST_DATABASES)('confirming, then matching on %s', (kind) => {
  let ctx: TestContext;
  /** A second instance on the same database, as a deployment of two runs them. */
  let other: TestContext;

  beforeAll(async () => {
    const rateLimits = { windowMs: 60_000, perIp: 10_000, perAccount: 1_000, quoteRequestsPerIp: 10_000 };
    ctx = await createTestContext({ database: kind, rateLimits });
    other = await createTestContext({ database: kind, rateLimits, shareDatabaseWith: ctx });
    await Promise.all([ctx.jobs.stop(), other.jobs.stop()]);
  });

  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  const ids = (...sellers: Seller[]) => sellers.map(businessOf).sort();

  /** A couple's request in `city`, posted and not confirmed: its id and the link's token, signed as the server signs the mailed one. */
  async function askIn(city: string): Promise<{ id: string; token: string }> {
    const { res } = await postRequest(ctx, { location: city });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = (res.body as { data: { id: string } }).data.id;
    return { id, token: ctx.deps.links.sign('request', id) };
  }

  const confirm = (on: TestContext, token: string) => agent(on).post(`/api/public/requests/${token}/confirm`);

  /** The request's match jobs as stored: their states (without running any, unlike `outboxFor`). */
  const matchJobs = async (requestId: string) =>
    (
      await ctx.database.db.selectFrom('jobs').select('state').where('name', '=', MATCH_JOBS.matchRequest).where('payload', 'like', `%${requestId}%`).execute()
    ).map((job) => job.state);

  /** The new-match mails the business's owner got. */
  const newMatchMails = async (seller: Seller) => (await outboxFor(ctx, seller.email)).filter((mail) => mail.subject.startsWith('New request: '));

  it('when the couple opens the link, then the confirm answers before matching has run: open, finding vendors, nobody matched or mailed, one match job waiting', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const { id, token } = await askIn(city);

    const res = await confirm(ctx, token);

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: 'open', matching: true, matched: 0, quotes: [] });
    expect(await matchedVendorIds(ctx, id)).toEqual([]);
    expect(await matchJobs(id)).toEqual(['waiting']);
    const mailed = await ctx.database.db.selectFrom('dev_mailbox').select('subject').where('to_address', '=', florist.email).execute();
    expect(mailed.filter((mail) => mail.subject.startsWith('New request: '))).toEqual([]);

    await ctx.jobs.runDue();

    expect((await customerPage(ctx, token)).body.data as CustomerRequestBody).toMatchObject({ status: 'open', matching: false, matched: 1 });
    expect(await matchedVendorIds(ctx, id)).toEqual(ids(florist));
    expect(await newMatchMails(florist)).toHaveLength(1);
    expect(await matchJobs(id)).toEqual(['done']);
  });

  it('when the link is opened on two instances at once, again before matching and again after, then one job matches once and each vendor is mailed once', async () => {
    const city = freshCity(ctx);
    const [first, second] = [await aVendor(ctx, { city }), await aVendor(ctx, { city })];
    const { id, token } = await askIn(city);

    const opened = await Promise.all([confirm(ctx, token), confirm(other, token)]);
    const reopened = await confirm(other, token);

    for (const res of [...opened, reopened]) expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ status: 'open', matching: true, matched: 0 });
    expect(await matchJobs(id)).toEqual(['waiting']);

    await Promise.all([ctx.jobs.runDue(), other.jobs.runDue()]);
    const afterwards = await confirm(ctx, token);
    await Promise.all([ctx.jobs.runDue(), other.jobs.runDue()]);

    expect(afterwards.body.data).toMatchObject({ status: 'open', matching: false, matched: 2 });
    expect(await matchedVendorIds(ctx, id)).toEqual(ids(first, second));
    expect(await newMatchMails(first)).toHaveLength(1);
    expect(await newMatchMails(second)).toHaveLength(1);
    expect(await matchJobs(id)).toEqual(['done']);
  });

  it('when the match job is delivered twice and both runs start at once on two instances, then only one of them matches', async () => {
    const city = freshCity(ctx);
    const [first, second] = [await aVendor(ctx, { city }), await aVendor(ctx, { city })];
    const { id, token } = await askIn(city);
    expect((await confirm(ctx, token)).status).toBe(200);
    // A second delivery of the same job (a queue delivers at least once): no key stops this one.
    await ctx.database.writeTransaction((trx) => ctx.jobs.enqueue(trx, { name: MATCH_JOBS.matchRequest, payload: { requestId: id } }));
    expect(await matchJobs(id)).toEqual(['waiting', 'waiting']);

    await Promise.all([ctx.jobs.runDue(), other.jobs.runDue()]);

    expect(await matchJobs(id)).toEqual(['done', 'done']);
    expect(await matchedVendorIds(ctx, id)).toEqual(ids(first, second));
    expect(await newMatchMails(first)).toHaveLength(1);
    expect(await newMatchMails(second)).toHaveLength(1);
    expect(((await customerPage(ctx, token)).body.data as CustomerRequestBody).matched).toBe(2);
  });

  it('when the couple withdraws before matching has run, then the job sends the request to nobody', async () => {
    const city = freshCity(ctx);
    const florist = await aVendor(ctx, { city });
    const { id, token } = await askIn(city);
    expect((await confirm(ctx, token)).body.data).toMatchObject({ matching: true });

    const withdrawn = await agent(ctx).post(`/api/public/requests/${token}/withdraw`);
    await ctx.jobs.runDue();

    expect(withdrawn.body.data).toMatchObject({ status: 'withdrawn', matching: false, matched: 0 });
    expect(await matchedVendorIds(ctx, id)).toEqual([]);
    expect(await newMatchMails(florist)).toEqual([]);
    expect(await matchJobs(id)).toEqual(['done']);
  });
});
