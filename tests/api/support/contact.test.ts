import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../../server/core/mail/mail';
import { createMailTransport } from '../../../server/core/mail/mail-transport';
import { aBusinessWithMember, aVendor, verifyAddress } from '../../support/api/builders';
import { agent, errorPaths, expectProblem, outboxFor, type SessionBody } from '../../support/api/http';
import type { Seller } from '../../support/api/marketplace';
import { createTestContext, TEST_DATABASES, type TestContext } from '../../support/api/test-app';

const SUPPORT = 'support@example.com';
const COPY_SUBJECT = 'We received your message to Vowly Pro support';
const GOOD = 'Our February invoice shows two charges for the same plan. Could you check?';

function contact(ctx: TestContext, seller: SessionBody | null, body: unknown) {
  const request = agent(ctx).post('/api/contact');
  return (seller ? request.set('Authorization', `Bearer ${seller.accessToken}`) : request).send(body as object);
}

/** Contact support (issue 22, point 8): the message is mailed to SUPPORT_EMAIL naming the business and the person, with a copy to them. */
describe.each(TEST_DATABASES)('contact support on %s', (kind) => {
  let ctx: TestContext;
  /** Every mail the transport delivered, as the templates made it (the development mailbox keeps no Reply-To). */
  const delivered: Mail[] = [];

  beforeAll(async () => {
    ctx = await createTestContext({
      database: kind,
      mailTransport: (deps) => {
        const outbox = createMailTransport({ smtpUrl: undefined, ...deps });
        return {
          kind: outbox.kind,
          async deliver(mail, id) {
            await outbox.deliver(mail, id);
            delivered.push(mail);
          },
        };
      },
    });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const supportMailAbout = async (vendorId: string) => (await outboxFor(ctx, SUPPORT)).filter((mail) => mail.text_body.includes(`(id ${vendorId})`));

  it('when a vendor writes to support, then 202, support is mailed naming the business and the person with Reply-To them, and they get a copy of what they sent, as plain text', async () => {
    const florist: Seller = await aVendor(ctx, { businessName: 'Cedar & Sage Florals' });
    await verifyAddress(ctx, florist);
    const message = `  <script>alert("hi")</script> & <b>bold</b>\nSecond line: ${GOOD}  `;

    const sent = await contact(ctx, florist, { topic: 'billing', message });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body).toEqual({ data: { replyTo: florist.email, copySent: true } });

    const [toSupport, ...others] = await supportMailAbout(florist.vendor.vendor_id);
    expect(others).toEqual([]);
    expect(toSupport?.subject).toBe('Support request from Cedar & Sage Florals: Billing, plans and credits');
    expect(toSupport?.text_body).toContain(`Business: Cedar & Sage Florals (id ${florist.vendor.vendor_id})`);
    expect(toSupport?.text_body).toContain(`From: ${florist.email}, the owner.`);
    expect(toSupport?.text_body).toContain(`<script>alert("hi")</script> & <b>bold</b>\nSecond line: ${GOOD}`);
    expect(toSupport?.html_body).toContain('<p>&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;</p>');
    expect(toSupport?.html_body).toContain('Cedar &amp; Sage Florals');
    expect(toSupport?.html_body).not.toMatch(/<script|<b>/);

    const [copy, ...more] = await outboxFor(ctx, florist.email);
    expect(more).toEqual([]);
    expect(copy?.subject).toBe(COPY_SUBJECT);
    expect(copy?.text_body).toContain('We received your message about "Billing, plans and credits"');
    expect(copy?.text_body).toContain(`Support will answer you at ${florist.email}.`);
    expect(copy?.text_body).toContain(`Here is what you sent:\n\n<script>alert("hi")</script> & <b>bold</b>\nSecond line: ${GOOD}\n\n`);
    expect(copy?.html_body).toContain('&lt;script&gt;');
    expect(copy?.html_body).not.toMatch(/<script|<b>/);

    // Two jobs due at the same moment: either may be delivered first.
    const mails = delivered.filter((mail) => mail.text.includes(GOOD) && (mail.to === SUPPORT || mail.to === florist.email));
    expect(mails.map(({ to, replyTo }) => ({ to, replyTo }))).toHaveLength(2);
    expect(mails.map(({ to, replyTo }) => ({ to, replyTo }))).toEqual(
      expect.arrayContaining([
        { to: SUPPORT, replyTo: florist.email },
        { to: florist.email, replyTo: SUPPORT },
      ]),
    );
  });

  it('when the sender’s address is not verified yet, then support is mailed and told so, and no copy goes to that address until it is verified', async () => {
    const florist = await aVendor(ctx, { businessName: 'Someone Else’s Address' });

    const sent = await contact(ctx, florist, { topic: 'account', message: GOOD });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body).toEqual({ data: { replyTo: florist.email, copySent: false } });
    const [toSupport] = await supportMailAbout(florist.vendor.vendor_id);
    expect(toSupport?.text_body).toContain(`From: ${florist.email}, the owner (this address is not verified yet: it may not be theirs).`);
    expect(await outboxFor(ctx, florist.email)).toEqual([]);

    await verifyAddress(ctx, florist);
    const again = await contact(ctx, florist, { topic: 'account', message: `${GOOD} Again.` });
    expect(again.body, JSON.stringify(again.body)).toEqual({ data: { replyTo: florist.email, copySent: true } });
    expect((await outboxFor(ctx, florist.email)).map((mail) => mail.text_body)).toEqual([expect.stringContaining(`${GOOD} Again.`)]);
  });

  it('when a team member writes to support, then it is accepted and support is told they are a team member of the business', async () => {
    const { owner, member } = await aBusinessWithMember(ctx, { owner: await aVendor(ctx, { businessName: 'Larkspur Events' }) });
    // Joining through the invitation mailed to them verified the member's address.

    const sent = await contact(ctx, member, { topic: 'technical', message: 'The calendar import says my file is too complex.' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);

    const [toSupport] = await supportMailAbout(owner.vendor.vendor_id);
    expect(toSupport?.subject).toBe('Support request from Larkspur Events: Something is not working');
    expect(toSupport?.text_body).toContain(`From: ${member.email}, a team member.`);
    expect((await outboxFor(ctx, member.email)).map((mail) => mail.subject)).toContain(COPY_SUBJECT);
  });

  it('when the topic or the message is missing, unknown, of the wrong type, too short or too long, then 400 names the field and nothing is mailed', async () => {
    const florist = await aVendor(ctx);
    const cases: [unknown, string[]][] = [
      [{ message: GOOD }, ['topic']],
      [{ topic: 'refunds-please', message: GOOD }, ['topic']],
      [{ topic: 3, message: GOOD }, ['topic']],
      [{ topic: ['billing'], message: GOOD }, ['topic']],
      [{ topic: 'billing' }, ['message']],
      [{ topic: 'billing', message: '' }, ['message']],
      [{ topic: 'billing', message: `  ${'\n'.repeat(20)}  ` }, ['message']],
      [{ topic: 'billing', message: '  Too short  ' }, ['message']],
      [{ topic: 'billing', message: 'x'.repeat(5001) }, ['message']],
      [{ topic: 'billing', message: 42 }, ['message']],
      [{ topic: 'billing', message: `Null byte\u0000 in the middle of it` }, ['message']],
      [{}, ['topic', 'message']],
      [{ topic: 'billing', message: GOOD, cc: 'someone@example.com' }, ['']],
      [[], ['']],
    ];
    for (const [body, paths] of cases) {
      const problem = expectProblem(await contact(ctx, florist, body), 400, 'validation-failed');
      expect(errorPaths(problem).sort(), JSON.stringify(body).slice(0, 80)).toEqual([...paths].sort());
    }
    const short = expectProblem(await contact(ctx, florist, { topic: 'billing', message: 'Too short' }), 400);
    expect(short.errors).toEqual([{ path: 'message', message: 'Write at least 10 characters' }]);
    const long = expectProblem(await contact(ctx, florist, { topic: 'billing', message: 'x'.repeat(5001) }), 400);
    expect(long.errors).toEqual([{ path: 'message', message: 'Use at most 5,000 characters' }]);
    const unknown = expectProblem(await contact(ctx, florist, { topic: 'refunds-please', message: GOOD }), 400);
    expect(unknown.errors).toEqual([{ path: 'topic', message: 'Choose a topic' }]);

    expect(await supportMailAbout(florist.vendor.vendor_id)).toEqual([]);
    expect(await outboxFor(ctx, florist.email)).toEqual([]);
  });

  it('when the message is 5,000 characters once trimmed, then it is accepted whole', async () => {
    const florist = await aVendor(ctx);
    await verifyAddress(ctx, florist);
    const message = `${GOOD} ${'y'.repeat(5000 - GOOD.length - 1)}`;
    expect(message).toHaveLength(5000);
    expect((await contact(ctx, florist, { topic: 'other', message: `\n  ${message}  \n` })).status).toBe(202);
    const [copy] = await outboxFor(ctx, florist.email);
    expect(copy?.text_body).toContain(`Here is what you sent:\n\n${message}\n\n`);
  });

  it('when there is no valid bearer token, then 401 and nothing is mailed', async () => {
    expectProblem(await contact(ctx, null, { topic: 'billing', message: GOOD }), 401, 'unauthorized');
    const forged = await agent(ctx).post('/api/contact').set('Authorization', 'Bearer not-a-token').send({ topic: 'billing', message: GOOD });
    expectProblem(forged, 401, 'unauthorized');
  });

  it('when one person sends more than 5 messages in an hour, then the sixth is 429 with Retry-After; refused bodies do not count, and their teammate may still write', async () => {
    const { owner, member } = await aBusinessWithMember(ctx, { owner: await aVendor(ctx) });
    expectProblem(await contact(ctx, owner, { topic: 'billing', message: 'short' }), 400);
    expectProblem(await contact(ctx, owner, { topic: 'nope', message: GOOD }), 400);
    for (let n = 1; n <= 5; n += 1) expect((await contact(ctx, owner, { topic: 'account', message: `${GOOD} (${n})` })).status).toBe(202);

    const limited = await contact(ctx, owner, { topic: 'account', message: `${GOOD} (6)` });
    expectProblem(limited, 429, 'rate-limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await supportMailAbout(owner.vendor.vendor_id)).toHaveLength(5);

    expect((await contact(ctx, member, { topic: 'account', message: GOOD })).status).toBe(202);
  });
});

/** Over SMTP, the Reply-To of both mails reaches the wire. */
describe('contact support over SMTP', () => {
  let ctx: TestContext;
  let server: SMTPServer;
  const received: { to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    ctx = await createTestContext({ mailTransport: (deps) => createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, ...deps }) });
  });

  afterAll(async () => {
    await ctx?.close();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  it('when a vendor writes to support, then support’s mail carries Reply-To the vendor and the copy Reply-To support', async () => {
    const florist = await aVendor(ctx);
    await verifyAddress(ctx, florist);
    expect((await contact(ctx, florist, { topic: 'profile', message: GOOD })).status).toBe(202);
    await ctx.jobs.runDue();
    await expect.poll(() => received.filter((mail) => /^Subject: (Support request|We received)/m.test(mail.raw)).length).toBe(2);

    const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(raw)?.[1]?.trim();
    const toSupport = received.find((mail) => mail.to.includes(SUPPORT));
    expect(header(toSupport?.raw ?? '', 'Reply-To')).toBe(florist.email);
    const copy = received.find((mail) => mail.to.includes(florist.email) && /^Subject: We received/m.test(mail.raw));
    expect(header(copy?.raw ?? '', 'Reply-To')).toBe(SUPPORT);
  });
});
