import { randomBytes } from 'node:crypto';
import supertest from 'supertest';
import { expect } from 'vitest';
import type { TestContext } from './test-app';

/** The API as every suite calls it: supertest on a test app, accounts and sessions, problem answers, and the mail outbox. */

export const PROBLEM_TYPE = /^application\/problem\+json/;

/** A password that passes the policy (long, not common, unrelated to any test email). */
export const STRONG_PASSWORD = 'violet-lantern-harbor-92';
export const OTHER_STRONG_PASSWORD = 'quiet-meadow-copper-57';

/** A fresh, unique, lower-case email address for one test. */
export function uniqueEmail(label = 'vendor'): string {
  return `${label}.${randomBytes(5).toString('hex')}@example.com`;
}

export type Agent = ReturnType<typeof supertest>;

export function agent(ctx: TestContext): Agent {
  return supertest(ctx.app);
}

export interface VendorBody {
  id: string;
  vendor_id: string;
  email: string;
  role: string;
  ability: { action: string | string[]; subject: string | string[]; inverted?: boolean; fields?: string | string[] }[];
  business_name: string;
  last_completed_step: number;
  category: { vendor_type_id: number }[];
  [key: string]: unknown;
}

export interface SessionBody {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms at which the session (the refresh token's family) ends. */
  refreshExpiresAt: number;
  vendor: VendorBody;
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail?: string;
  code?: string;
  errors?: { path: string; message: string }[];
}

/** Registers a new owner account through the API and returns its session. */
export async function registerVendor(
  ctx: TestContext,
  overrides: { email?: string; password?: string; businessName?: string } = {},
): Promise<SessionBody & { email: string; password: string }> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? STRONG_PASSWORD;
  const res = await agent(ctx)
    .post('/api/register')
    .send({ email, password, businessName: overrides.businessName ?? 'Rosewood Catering' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const data = (res.body as { data: SessionBody }).data;
  return { ...data, email: email.toLowerCase(), password };
}

/** Signs in through the API; returns the raw response. */
export function login(ctx: TestContext, email: string, password: string) {
  return agent(ctx).post('/api/login').send({ email, password });
}

/** `retryKey`: the browser's Refresh-Retry-Key for this use of the token. */
export function refresh(ctx: TestContext, refreshToken: string, retryKey?: string) {
  const request = agent(ctx).post('/jwt/refresh-token');
  return (retryKey === undefined ? request : request.set('Refresh-Retry-Key', retryKey)).send({ refreshToken });
}

export function me(ctx: TestContext, accessToken: string) {
  return agent(ctx).get('/api/vendor/me').set('Authorization', `Bearer ${accessToken}`);
}

/** Asserts an RFC 9457 problem response with the given status (and code) and returns its body. */
export function expectProblem(res: supertest.Response, status: number, code?: string): ProblemBody {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers['content-type']).toMatch(PROBLEM_TYPE);
  const body = res.body as ProblemBody;
  expect(body).toMatchObject({ status, type: expect.any(String), title: expect.any(String) });
  if (code) expect(body.code).toBe(code);
  expect(JSON.stringify(body)).not.toMatch(/\bat .+\.ts:\d+/);
  return body;
}

/** The paths of a problem's field errors. */
export function errorPaths(body: ProblemBody): string[] {
  return (body.errors ?? []).map((e) => e.path);
}

export interface OutboxMail {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
}

/** Every registration mails a welcome asking to verify the address; suites about other mail leave it out. */
const WELCOME_SUBJECT = 'Welcome to Vowly Pro: please verify your email';

/**
 * The mail kept in the outbox for an address, oldest first, once the mail jobs due now have run;
 * without the welcome mail of registration unless `withWelcome`.
 */
export async function outboxFor(ctx: TestContext, to: string, options: { withWelcome?: boolean } = {}): Promise<OutboxMail[]> {
  await ctx.jobs.runDue();
  const mails = await ctx.database.db
    .selectFrom('dev_mailbox')
    .select(['to_address', 'subject', 'text_body', 'html_body'])
    .where('to_address', '=', to)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return options.withWelcome ? mails : mails.filter((mail) => mail.subject !== WELCOME_SUBJECT);
}

/** Polls the outbox until `count` mails for `to` arrived (mail may be sent after the answer), or the timeout. */
export async function waitForMail(ctx: TestContext, to: string, count = 1, timeoutMs = 2_000, options: { withWelcome?: boolean } = {}): Promise<OutboxMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await outboxFor(ctx, to, options);
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until background work queued with setImmediate (forgot-password) has had time to run. */
export async function settle(ms = 300): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** The token at the end of a link `<prefix><token>` in a mail's text. */
export function tokenFromMail(mail: OutboxMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`${escaped}([A-Za-z0-9_-]+)`).exec(mail.text_body);
  expect(match, `no link ${prefix}… in: ${mail.text_body}`).not.toBeNull();
  return match?.[1] ?? '';
}

/** Base64url of a JSON value, for hand-built JWTs. */
export function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
