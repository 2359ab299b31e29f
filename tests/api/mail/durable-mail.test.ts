import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailQueue } from '../../../server/core/mail/mail-queue';
import { createMailTransport, type SmtpTimeouts } from '../../../server/core/mail/mail-transport';
import { createTestContext, type TestContext } from '../../support/api/test-app';
import { agent, registerVendor } from '../../support/api/http';
import { freePort } from '../../support/free-port';

/** A local SMTP server that refuses each message's first deliveries with a reply code, then accepts. */
interface MailServer {
  url: string;
  /** Refuse this many deliveries of each message (by Message-ID) with `code`. */
  refuse(times: number, code: number): void;
  /** Accepted messages, in order: their recipients, subject and Message-ID. */
  accepted: { to: string[]; subject: string; messageId: string }[];
  /** Subjects of the refused deliveries, in order. */
  refused: string[];
  close(): Promise<void>;
}

/** Starts the mail server on `port` (any free one by default). */
async function startMailServer(port = 0): Promise<MailServer> {
  let refuseTimes = 0;
  let refuseCode = 451;
  const tries = new Map<string, number>();
  const state = { accepted: [] as MailServer['accepted'], refused: [] as string[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(raw)?.[1]?.trim() ?? '';
        const messageId = header('Message-ID');
        const seen = (tries.get(messageId) ?? 0) + 1;
        tries.set(messageId, seen);
        if (seen <= refuseTimes) {
          state.refused.push(header('Subject'));
          const error = Object.assign(new Error(refuseCode >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: refuseCode });
          return callback(error);
        }
        state.accepted.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: header('Subject'), messageId });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    refuse(times, code) {
      refuseTimes = times;
      refuseCode = code;
    },
    get accepted() {
      return state.accepted;
    },
    get refused() {
      return state.refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A server that accepts connections and never says a word, as a hung SMTP server does. */
async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Short enough that a silent server fails an attempt quickly in a test. */
const TEST_TIMEOUTS: SmtpTimeouts = { connectionMs: 300, greetingMs: 300, socketMs: 600 };

const RESET_SUBJECT = 'Reset your Vowly Pro password';

describe('mail as durable jobs over SMTP', () => {
  let smtp: MailServer;
  let dir: string;
  const contexts: TestContext[] = [];
  const servers: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    smtp = await startMailServer();
    dir = await mkdtemp(path.join(tmpdir(), 'durable-mail-'));
  });

  afterEach(async () => {
    for (const ctx of contexts.splice(0)) await ctx.close();
    for (const server of servers.splice(0)) await server.close();
  });

  afterAll(async () => {
    await smtp.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** An app instance over the SQLite file `name` in the suite's folder, sending over the local SMTP server (or `smtpUrl`). */
  async function instance(name: string, smtpUrl = smtp.url): Promise<TestContext> {
    const ctx = await createTestContext({
      sqliteFile: path.join(dir, name),
      mailTransport: (deps) => createMailTransport({ smtpUrl, timeouts: TEST_TIMEOUTS, ...deps }),
    });
    contexts.push(ctx);
    return ctx;
  }

  /** A mail server on `port`, closed after the test. */
  async function mailServerOn(port: number): Promise<MailServer> {
    const server = await startMailServer(port);
    servers.push(server);
    return server;
  }

  async function resetRequested(ctx: TestContext, refusal = { times: 2, code: 451 }) {
    const vendor = await registerVendor(ctx);
    await ctx.jobs.runDue();
    smtp.refuse(refusal.times, refusal.code);
    return resetAsked(ctx, vendor);
  }

  /** The vendor asks for a reset link; resolves once its mail job is queued. */
  async function resetAsked<V extends { email: string }>(ctx: TestContext, vendor: V): Promise<V> {
    expect((await agent(ctx).post('/api/forgot-password').send({ email: vendor.email })).status).toBe(202);
    // The job is queued after the answer; wait until it exists.
    await expect
      .poll(async () => (await ctx.database.db.selectFrom('jobs').select('id').where('payload', 'like', `%${RESET_SUBJECT}%`).execute()).length)
      .toBe(1);
    return vendor;
  }

  const resets = (to: string, server: MailServer = smtp) => server.accepted.filter((mail) => mail.subject === RESET_SUBJECT && mail.to.includes(to));

  /** The retries the runner logged for mail jobs, with the error each attempt failed with. */
  const mailRetries = (ctx: TestContext) =>
    ctx.logger.lines.filter((line) => line.message === 'job failed; will retry' && line.fields?.job === 'mail.send').map((line) => String(line.fields?.error));

  it('when the SMTP server answers 451 twice, then the mail is retried with backoff and arrives once', async () => {
    const ctx = await instance('retry.sqlite');
    const vendor = await resetRequested(ctx);

    await ctx.jobs.runDue();
    expect(resets(vendor.email)).toHaveLength(0);
    ctx.advanceClock(30_000);
    await ctx.jobs.runDue();
    expect(resets(vendor.email)).toHaveLength(0);
    ctx.advanceClock(60_000);
    await ctx.jobs.runDue();

    expect(resets(vendor.email)).toHaveLength(1);
    ctx.advanceClock(24 * 60 * 60 * 1000);
    await ctx.jobs.runDue();
    expect(resets(vendor.email)).toHaveLength(1);
    expect(ctx.logger.lines.filter((line) => line.message === 'job failed; will retry')).toHaveLength(2);
  });

  it('when the server restarts between attempts, then the mail still arrives, once', async () => {
    const first = await instance('restart.sqlite');
    const vendor = await resetRequested(first);
    await first.jobs.runDue();
    expect(resets(vendor.email)).toHaveLength(0);
    await first.close();
    contexts.splice(contexts.indexOf(first), 1);

    const second = await instance('restart.sqlite');
    second.advanceClock(30_000);
    await second.jobs.runDue();
    expect(resets(vendor.email)).toHaveLength(0);
    second.advanceClock(60_000);
    await second.jobs.runDue();

    const delivered = resets(vendor.email);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.messageId).toMatch(/^<[\w-]+@vowly\.mail>$/);
  });

  it('when the SMTP server is down (connection refused), then the mail is retried after its backoff and arrives once when the server is back', async () => {
    const port = await freePort();
    const ctx = await instance('down.sqlite', `smtp://127.0.0.1:${port}`);
    const vendor = await resetAsked(ctx, await registerVendor(ctx));

    await ctx.jobs.runDue();
    expect(mailRetries(ctx).some((error) => error.includes('ECONNREFUSED'))).toBe(true);
    const back = await mailServerOn(port);
    await ctx.jobs.runDue();
    expect(resets(vendor.email, back)).toHaveLength(0);
    ctx.advanceClock(30_000);
    await ctx.jobs.runDue();

    expect(resets(vendor.email, back)).toHaveLength(1);
    ctx.advanceClock(24 * 60 * 60 * 1000);
    await ctx.jobs.runDue();
    expect(resets(vendor.email, back)).toHaveLength(1);
  });

  it('when the SMTP server accepts the connection but never answers (timeout), then the mail is retried after its backoff and arrives once when it answers again', async () => {
    const silent = await startSilentServer();
    servers.push(silent);
    const ctx = await instance('silent.sqlite', `smtp://127.0.0.1:${silent.port}`);
    const vendor = await resetAsked(ctx, await registerVendor(ctx));

    await ctx.jobs.runDue();
    expect(mailRetries(ctx).some((error) => /greeting never received|timeout/i.test(error))).toBe(true);
    await silent.close();
    const back = await mailServerOn(silent.port);
    await ctx.jobs.runDue();
    expect(resets(vendor.email, back)).toHaveLength(0);
    ctx.advanceClock(30_000);
    await ctx.jobs.runDue();

    expect(resets(vendor.email, back)).toHaveLength(1);
    ctx.advanceClock(24 * 60 * 60 * 1000);
    await ctx.jobs.runDue();
    expect(resets(vendor.email, back)).toHaveLength(1);
  });

  it('when the SMTP server refuses the address for good (550), then the mail is not retried and the failure is logged', async () => {
    const ctx = await instance('refused.sqlite');
    const before = smtp.refused.length;
    const vendor = await resetRequested(ctx, { times: 99, code: 550 });

    await ctx.jobs.runDue();
    ctx.advanceClock(24 * 60 * 60 * 1000);
    await ctx.jobs.runDue();

    expect(smtp.refused.slice(before).filter((subject) => subject === RESET_SUBJECT)).toHaveLength(1);
    expect(resets(vendor.email)).toHaveLength(0);
    expect(ctx.logger.lines.some((line) => line.level === 'error' && line.message === 'job dead' && line.fields?.job === 'mail.send')).toBe(true);
  });

  it('when a mail is addressed to something a mail library would split (stored before the email rule), then it never reaches SMTP and the job gives up at once', async () => {
    const ctx = await instance('split.sqlite');
    smtp.refuse(0, 451);
    const before = smtp.accepted.length;
    await ctx.database.writeTransaction((trx) =>
      createMailQueue(ctx.jobs).send(trx, { to: 'c,victim@example.com', subject: 'Your quote', text: 'Hello', html: '<p>Hello</p>' }),
    );

    await ctx.jobs.runDue();

    expect(smtp.accepted.slice(before)).toEqual([]);
    expect(mailRetries(ctx)).toEqual([]);
    expect(ctx.logger.lines.some((line) => line.level === 'error' && line.message === 'job dead' && line.fields?.job === 'mail.send')).toBe(true);
  });

  it("when an address holds an apostrophe or accents, then it goes to SMTP as one address object: the envelope's only recipient is that mailbox", async () => {
    const ctx = await instance('one-recipient.sqlite');
    smtp.refuse(0, 451);
    const to = "zoë.o'neil@example.com";
    await ctx.database.writeTransaction((trx) => createMailQueue(ctx.jobs).send(trx, { to, subject: 'One recipient', text: 'Hello', html: '<p>Hello</p>' }));

    await ctx.jobs.runDue();

    expect(smtp.accepted.filter((mail) => mail.subject === 'One recipient').map((mail) => mail.to)).toEqual([[to]]);
  });
});
