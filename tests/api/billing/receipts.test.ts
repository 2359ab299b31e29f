import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import appJson from '../../../schemas/app.json';
import type { Invoice } from '../../../shared/contracts/billing';
import { SchemaLoadError, type SchemaProblem } from '../../../server/config/schema-store/schema-problem';
import { loadSnapshot } from '../../../server/config/schema-store/snapshot';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';
import { expectProblem, outboxFor, registerVendor, type OutboxMail, type SessionBody } from '../../support/api/http';
import { signInAgain } from '../../support/api/marketplace';
import { CARDS, addCard, choosePlan, putCard, tokenFor } from '../../support/api/billing';
import { advanceDays } from '../../support/api/clock';
import { aBusinessWithMember } from '../../support/api/builders';
import { copySchemas, type SchemaCopy } from '../../support/schemas';
import { buyPack, invoicesOf } from './support';

type Owner = SessionBody & { email: string; password: string };

/** The receipts in an owner's mail, oldest first (the outbox the dev tools show). */
async function receiptsFor(ctx: TestContext, email: string): Promise<OutboxMail[]> {
  return (await outboxFor(ctx, email)).filter((mail) => mail.subject.startsWith('Your receipt for '));
}

/** A day as a receipt writes it, in UTC like the server's invoices: "Nov 27, 2026". */
const receiptDay = (ms: number) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(ms);

/**
 * Receipts (issue 24, point 9; docs/billing.md, Receipts): every paid invoice mails its owner one
 * receipt naming app.json's seller, through the notifications module; a failed charge mails none.
 */
describe.each(TEST_DATABASES)('receipts on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    // Access tokens outlive the month the clock moves here.
    ctx = await createTestContext({ database: kind, accessTtlSeconds: 400 * 86_400 });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  async function owner(): Promise<Owner> {
    return registerVendor(ctx, { businessName: 'Magnolia Cake Studio' });
  }

  /** The one receipt of `invoice` in the owner's mail; fails unless there is exactly one. */
  async function receiptOf(email: string, invoice: Invoice): Promise<OutboxMail> {
    const receipts = (await receiptsFor(ctx, email)).filter((mail) => mail.text_body.includes(invoice.id));
    expect(receipts, `receipts of ${invoice.id}`).toHaveLength(1);
    return receipts[0] as OutboxMail;
  }

  it('when a plan is started, then the owner is mailed exactly one receipt with the seller, date, plan, amount, card, invoice number and link', async () => {
    const session = await owner();
    await addCard(ctx, session);
    expect((await choosePlan(ctx, session, 'starter')).status).toBe(200);
    const [invoice] = (await invoicesOf(ctx, session)).data;
    if (!invoice) throw new Error('the plan left no invoice');

    const receipt = await receiptOf(session.email, invoice);
    expect(await receiptsFor(ctx, session.email)).toHaveLength(1);
    const { seller } = appJson;
    expect(receipt.subject).toBe(`Your receipt for $29.00: ${invoice.description}`);
    const text = receipt.text_body;
    expect(text).toContain(`Sold by:\n${seller.legalName}\n${seller.address.line1}\n${seller.address.line2}\n`);
    expect(text).toContain(`${seller.address.city}, ${seller.address.region} ${seller.address.postalCode}\n${seller.address.country}`);
    expect(text).toContain(`Date paid: ${receiptDay(invoice.paidAt ?? 0)}`);
    expect(text).toContain(`For: Starter plan, ${receiptDay(invoice.periodStart ?? 0)} – ${receiptDay(invoice.periodEnd ?? 0)}`);
    expect(text).toContain('Credits: 10 credits');
    expect(text).toContain('Amount paid: $29.00');
    expect(text).toContain('Card: Visa ending in 4242');
    expect(text).toContain(`Invoice number: ${invoice.id}`);
    expect(text).toContain('Billed to: Magnolia Cake Studio');
    expect(text).toContain(`${ctx.deps.publicUrl}/billing/receipts/${invoice.id}`);
    expect(receipt.html_body).toContain(`href="${ctx.deps.publicUrl}/billing/receipts/${invoice.id}"`);
    expect(receipt.html_body).toContain('Vowly Marketplace, Inc.<br>500 W 2nd St');
    // Never more of the card than its brand and last 4.
    expect(text).not.toContain('4242 4242');
  });

  it('when a credit pack is bought, then its receipt says the pack and its dollars from the cents; a replay of the purchase mails no second one', async () => {
    const session = await owner();
    await addCard(ctx, session);
    expect((await buyPack(ctx, session, 'pack-25', 'receipt-pack-1')).status).toBe(201);
    expect((await buyPack(ctx, session, 'pack-25', 'receipt-pack-1')).headers['idempotent-replayed']).toBe('true');
    const [invoice] = (await invoicesOf(ctx, session)).data;
    if (!invoice) throw new Error('the pack left no invoice');

    const receipt = await receiptOf(session.email, invoice);
    expect(await receiptsFor(ctx, session.email)).toHaveLength(1);
    expect(receipt.subject).toBe('Your receipt for $55.00: 25 lead credits');
    expect(receipt.text_body).toContain('For: 25 lead credits');
    expect(receipt.text_body).toContain('Credits: 25 credits');
    expect(receipt.text_body).toContain('Amount paid: $55.00');
  });

  it('when a card declines a purchase or a plan, then no receipt is mailed', async () => {
    const session = await owner();
    await addCard(ctx, session, CARDS.insufficientFunds);
    expectProblem(await buyPack(ctx, session, 'pack-10'), 402, 'card-declined');
    expectProblem(await choosePlan(ctx, session, 'starter'), 402, 'card-declined');
    expect(await receiptsFor(ctx, session.email)).toEqual([]);
  });

  it('when the renewal is declined, then its failure is mailed and no receipt; when a new card pays it, then exactly one receipt for the renewal follows', async () => {
    const session = await owner();
    await addCard(ctx, session);
    expect((await choosePlan(ctx, session, 'starter')).status).toBe(200);
    await addCard(ctx, session, CARDS.chargesFail);
    await advanceDays(ctx, 31);
    await signInAgain(ctx, session);

    const mails = await outboxFor(ctx, session.email);
    expect(mails.map((mail) => mail.subject)).toContain('Your Starter plan payment failed');
    expect(await receiptsFor(ctx, session.email)).toHaveLength(1);

    expect((await putCard(ctx, session, await tokenFor(ctx, CARDS.visa))).status).toBe(200);
    const [renewal] = (await invoicesOf(ctx, session)).data;
    expect(renewal).toMatchObject({ kind: 'renewal', status: 'paid' });
    const receipt = await receiptOf(session.email, renewal as Invoice);
    expect(receipt.text_body).toContain('Card: Visa ending in 4242');
    expect(receipt.text_body).toContain(`Date paid: ${receiptDay(ctx.clock.now())}`);
    expect(await receiptsFor(ctx, session.email)).toHaveLength(2);
  });

  it('when a plan renews on the clock and pays, then the renewal mails its own receipt, to the owner and not to the team', async () => {
    const { owner: session, member } = await aBusinessWithMember(ctx, { businessName: 'Peony & Pine' });
    await addCard(ctx, session);
    expect((await choosePlan(ctx, session, 'professional')).status).toBe(200);
    await advanceDays(ctx, 32);
    await signInAgain(ctx, session);

    const invoices = (await invoicesOf(ctx, session)).data;
    expect(invoices.map((invoice) => [invoice.kind, invoice.status])).toEqual([
      ['renewal', 'paid'],
      ['subscription', 'paid'],
    ]);
    for (const invoice of invoices) expect((await receiptOf(session.email, invoice)).text_body).toContain('Amount paid: $79.00');
    expect(await receiptsFor(ctx, session.email)).toHaveLength(2);
    expect(await receiptsFor(ctx, member.email)).toEqual([]);
  });
});

describe("the seller in app.json (every receipt's legal name and address)", () => {
  let copy: SchemaCopy | undefined;

  afterEach(async () => {
    await copy?.remove();
    copy = undefined;
  });

  /** The problems loading the schema folder with app.json's seller replaced by `seller` (absent when undefined). */
  async function problemsWithSeller(seller: unknown): Promise<SchemaProblem[]> {
    copy = await copySchemas();
    const app = (await copy.read('app.json')) as Record<string, unknown>;
    const { seller: _kept, ...withoutSeller } = app;
    await copy.write('app.json', seller === undefined ? withoutSeller : { ...withoutSeller, seller });
    try {
      await loadSnapshot(copy.dir);
    } catch (error) {
      expect(error).toBeInstanceOf(SchemaLoadError);
      return (error as SchemaLoadError).problems;
    }
    throw new Error('expected app.json to be refused, but it loaded');
  }

  it('when app.json has no seller, then loading is refused, naming $.seller and why it is needed', async () => {
    expect(await problemsWithSeller(undefined)).toContainEqual({
      file: 'app.json',
      path: '$.seller',
      message: "the seller's legal name and postal address (seller) are required: every receipt prints them",
    });
  });

  it('when the legal name is blank and the address has no postal code, then each is named', async () => {
    const problems = await problemsWithSeller({
      legalName: '  ',
      address: { line1: '500 W 2nd St', city: 'Austin', region: 'TX', country: 'United States' },
    });
    expect(problems).toContainEqual({
      file: 'app.json',
      path: '$.seller.legalName',
      message: "the seller's legal name (legalName) must not be empty: every receipt prints it",
    });
    expect(problems).toContainEqual({
      file: 'app.json',
      path: '$.seller.address.postalCode',
      message: "the seller's postal code (address.postalCode) is required: every receipt prints it",
    });
  });

  it('when the address is missing or has a field receipts do not print, then it is refused there', async () => {
    expect(await problemsWithSeller({ legalName: 'Vowly Marketplace, Inc.' })).toContainEqual({
      file: 'app.json',
      path: '$.seller.address',
      message: "the seller's postal address (address) is required: every receipt prints it",
    });
    const withZip = await problemsWithSeller({ ...appJson.seller, address: { ...appJson.seller.address, zip: '78701' } });
    expect(withZip).toContainEqual({ file: 'app.json', path: '$.seller.address', message: expect.stringContaining('zip') });
  });
});
