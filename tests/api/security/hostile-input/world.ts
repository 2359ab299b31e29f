import { expect } from 'vitest';
import { aBusinessWithMember, aCompletedQuote, aConfirmedRequest, aQuotedQuote, aVendor, aVendorOnPlan } from '../../../support/api/builders';
import { agent, login, tokenFromMail, uniqueEmail, waitForMail, type SessionBody } from '../../../support/api/http';
import { validDataFor } from '../../../support/api/forms';
import { matchOf, signInAgain, type Seller } from '../../../support/api/marketplace';
import type { TestContext } from '../../../support/api/test-app';
import { vendorTypeIds } from '../../../support/vendor-types';

/**
 * What the corpus needs to get past the checks in front of each route: a signed-in owner (on a
 * plan, with an invoice, a review, a quick reply, a template, a blackout, a feed link) and a team
 * member, a couple's links to a quoted and to a completed booking, an open invitation. Built once
 * through the builders; `keepSignedIn` signs the owner and the member in again when an accepted
 * request (a moved clock, an ended session) signed them out.
 */
export interface World {
  owner: Seller;
  member: Seller;
  /** A match the owner has not answered yet (submit, decline, messages). */
  potentialQuoteId: string;
  /** A quoted quote and its couple's link (accept, reject, the couple's messages). */
  quoted: { token: string; quoteId: string; requestId: string };
  /** A completed booking and its couple's link (the review routes). */
  completed: { token: string; quoteId: string };
  reviewId: string;
  invitation: { id: string; token: string };
  snippetId: string;
  templateId: string;
  blackoutId: string;
  invoiceId: string;
  /** The feed's file name, `<signed token>.ics`. */
  calendarFile: string;
  categoryId: number;
  /** Valid answers to the florist quote form. */
  quoteDetails: Record<string, unknown>;
}

const bearer = (session: SessionBody) => `Bearer ${session.accessToken}`;

async function created(res: { status: number; body: unknown }, status = 201): Promise<Record<string, unknown>> {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return (res.body as { data: Record<string, unknown> }).data;
}

export async function buildWorld(ctx: TestContext): Promise<World> {
  const owner = await aVendor(ctx, { businessName: 'Hostile Corpus Florals' });
  // A completed booking moves the server clock past its event: sign in again after it.
  const completed = await aCompletedQuote(ctx, owner, { customer: { name: 'Robin Vale' } });
  await signInAgain(ctx, owner);
  const review = await agent(ctx)
    .post(`/api/public/requests/${completed.token}/quotes/${completed.quote.id}/review`)
    .send({ rating: 5, title: 'Lovely', body: 'They were wonderful from the first call to the last petal.' });
  expect(review.status, JSON.stringify(review.body)).toBe(201);
  const reviews = await agent(ctx).get('/api/reviews').set('Authorization', bearer(owner));
  const reviewId = String((reviews.body as { data: { id: string }[] }).data[0]?.id);

  const quoted = await aQuotedQuote(ctx, owner);
  const asked = await aConfirmedRequest(ctx, { vendorId: owner.vendor.vendor_id });
  const potential = await matchOf(ctx, owner, asked.request.id);
  await aVendorOnPlan(ctx, { vendor: owner });
  const { member } = await aBusinessWithMember(ctx, { owner });

  const auth = (path: string) => agent(ctx).post(path).set('Authorization', bearer(owner));
  const invitee = uniqueEmail('invitee');
  await created(await auth('/api/team/invitations').send({ email: invitee }));
  const [mail] = await waitForMail(ctx, invitee);
  if (!mail) throw new Error(`no invitation mailed to ${invitee}`);
  const team = await agent(ctx).get('/api/team').set('Authorization', bearer(owner));
  const invitationId = String((team.body as { data: { invitations: { id: string; email: string }[] } }).data.invitations.find((i) => i.email === invitee)?.id);

  const quoteDetails = await validDataFor(ctx, 'quote-florist');
  const snippet = await created(await auth('/api/message-snippets').send({ title: 'Thanks', body: 'Thank you for asking us!' }));
  const template = await created(
    await auth('/api/quote-templates').send({
      category: 'florist',
      name: 'Garden roses',
      priceCents: 150000,
      message: 'Peonies and garden roses for the day.',
      details: quoteDetails,
    }),
  );
  const blackout = await created(await auth('/api/blackout-dates').send({ from: '2031-01-10', to: '2031-01-12', note: 'Closed' }));
  await created(await auth(`/api/quotes/${quoted.quote.id}/messages`).send({ body: 'Looking forward to it.' }));
  const invoices = await agent(ctx).get('/api/billing/invoices').set('Authorization', bearer(owner));
  const invoiceId = String((invoices.body as { data: { id: string }[] }).data[0]?.id);
  const feed = await agent(ctx).get('/api/calendar').set('Authorization', bearer(owner));
  const calendarFile = new URL((feed.body as { data: { url: string } }).data.url).pathname.split('/').pop() ?? '';

  return {
    owner,
    member,
    potentialQuoteId: potential.id,
    quoted: { token: quoted.token, quoteId: quoted.quote.id, requestId: quoted.request.id },
    completed: { token: completed.token, quoteId: completed.quote.id },
    reviewId,
    invitation: { id: invitationId, token: tokenFromMail(mail, '/register-with-token/') },
    snippetId: String(snippet.id),
    templateId: String(template.id),
    blackoutId: String(blackout.id),
    invoiceId,
    calendarFile,
    categoryId: vendorTypeIds('florist')[0] ?? 0,
    quoteDetails,
  };
}

/**
 * Signs the owner and the member in again when `isSignedIn` says their access token no longer
 * opens their account (an accepted request moved the clock or ended a session); a member the
 * walk removed from the team (DELETE /api/team/members/:id accepts any body) is replaced by a
 * new one. Returns how many sessions were renewed.
 */
export async function keepSignedIn(ctx: TestContext, world: World, isSignedIn: (seller: Seller) => Promise<boolean>): Promise<number> {
  let renewed = 0;
  if (!(await isSignedIn(world.owner))) {
    await signInAgain(ctx, world.owner);
    renewed += 1;
  }
  if (!(await isSignedIn(world.member))) {
    const again = await login(ctx, world.member.email, world.member.password);
    if (again.status === 200) world.member.accessToken = (again.body as { data: SessionBody }).data.accessToken;
    else world.member = (await aBusinessWithMember(ctx, { owner: world.owner })).member;
    renewed += 1;
  }
  return renewed;
}
