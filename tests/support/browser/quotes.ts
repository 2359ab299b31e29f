import { expect, type APIRequestContext } from '@playwright/test';
import { bearerOf } from './accounts';

/** A quote as the business's lists give it. */
export interface ListedQuote {
  id: string;
  status: string;
  closedReason: string | null;
  customer: { name: string };
}

/** The business's quotes in one list (the first page), as the API gives them. */
export async function quotesOf(request: APIRequestContext, vendor: { email: string }, status: string): Promise<ListedQuote[]> {
  const response = await request.get(`/api/quotes?status=${status}`, { headers: await bearerOf(request, vendor.email) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ListedQuote[] }).data;
}

/** The business's credit balance. */
export async function balanceOf(request: APIRequestContext, vendor: { email: string }): Promise<number> {
  const response = await request.get('/api/credits', { headers: await bearerOf(request, vendor.email) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { balance: number } }).data.balance;
}
