import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { DirectoryPage, PublicVendor } from '../../../shared/contracts/public-vendors';
import { aConfirmedRequest } from '../../support/api/builders';
import { agent } from '../../support/api/http';
import { businessOf, matchOf, type Seller } from '../../support/api/marketplace';
import type { TestContext } from '../../support/api/test-app';

/** What the public suites share: the public API as a couple's browser calls it, and the leads and reviews behind a vendor's numbers. */

export const HOUR_MS = 60 * 60 * 1000;

/** `GET /api/public/vendors/:adminId`; the raw response. */
export function publicVendorRes(ctx: TestContext, adminId: string) {
  return agent(ctx).get(`/api/public/vendors/${adminId}`);
}

/** The business's public profile; fails the test unless it is a 200. */
export async function publicVendor(ctx: TestContext, seller: Seller): Promise<PublicVendor> {
  const res = await publicVendorRes(ctx, businessOf(seller));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { data: PublicVendor }).data;
}

/** `GET /api/public/vendors?…`; the raw response. */
export function directoryRes(ctx: TestContext, query: Record<string, string>) {
  return agent(ctx).get('/api/public/vendors').query(query);
}

/** A directory page; fails the test unless it is a 200. */
export async function directory(ctx: TestContext, query: Record<string, string>): Promise<DirectoryPage> {
  const res = await directoryRes(ctx, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as DirectoryPage;
}

/** A couple's request in `category` (default florist) sent to `seller` alone, matched: the id of its quote. */
export async function aLead(ctx: TestContext, seller: Seller, category = 'florist'): Promise<string> {
  const { request } = await aConfirmedRequest(ctx, {
    category,
    vendorId: businessOf(seller),
    customer: { name: 'Jordan Avery', email: `${randomUUID()}@example.com` },
  });
  return (await matchOf(ctx, seller, request.id)).id;
}

/** `count` leads of `seller` in `category`, each answered `hours` after it came in (the stored first answer, as quoting or declining records it). */
export async function answeredLeads(ctx: TestContext, seller: Seller, count: number, hours: number, category = 'florist'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push(await aLead(ctx, seller, category));
  for (const id of ids) {
    const row = await ctx.database.db.selectFrom('quotes').select('created_at').where('id', '=', id).executeTakeFirstOrThrow();
    await ctx.database.db
      .updateTable('quotes')
      .set({ first_response_at: Number(row.created_at) + hours * HOUR_MS })
      .where('id', '=', id)
      .execute();
  }
  return ids;
}

/**
 * A published review of `seller` on one of its leads, stored as the reviews module stores one (the
 * review flow itself, through a completed booking, is the reviews suite's and the profile suite's).
 */
export async function aStoredReview(
  ctx: TestContext,
  seller: Seller,
  review: { rating: number; quoteId?: string; category?: string; customerName?: string; createdAt?: number },
): Promise<string> {
  const quoteId = review.quoteId ?? (await aLead(ctx, seller, review.category));
  const quote = await ctx.database.db.selectFrom('quotes').select(['request_id']).where('id', '=', quoteId).executeTakeFirstOrThrow();
  const id = randomUUID();
  const at = review.createdAt ?? ctx.clock.now();
  await ctx.database.db
    .insertInto('reviews')
    .values({
      id,
      quote_id: quoteId,
      vendor_id: businessOf(seller),
      request_id: quote.request_id,
      customer_name: review.customerName ?? 'Jordan Avery',
      rating: review.rating,
      title: null,
      body: 'Lovely to work with from the first call to the last dance.',
      reply: null,
      replied_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}
