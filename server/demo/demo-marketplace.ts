import { addBlackoutDates } from '../availability';
import type { Clock } from '../core/clock';
import type { JobRequest } from '../core/jobs/job-runner';
import type { AuthContext } from '../core/http/require-auth';
import { acceptQuote, declineQuote, getQuote, listQuotes, rejectQuote, submitQuote, type QuotesDeps } from '../quotes';
import { confirmRequest, createRequest } from '../requests';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One couple's request to the demo bakery and how far it went. */
interface Scenario {
  customer: { name: string; email: string; phone?: string };
  /** Days before now the couple asked; the business acts a day later, the couple two. */
  askedDaysAgo: number;
  /** The event, in days from now (negative: it took place). */
  eventInDays: number;
  guests: number;
  budgetCents?: number;
  details: Record<string, unknown>;
  outcome: 'new' | 'opened' | 'quoted' | 'accepted' | 'rejected' | 'declined' | 'expired';
  quote?: { priceCents: number; message: string; details: Record<string, unknown> };
}

const cake = (design: string, servings: number, tiers: number) => ({
  design,
  servings,
  tiers,
  price_per_slice: 7.5,
  tasting_included: true,
  delivery_included: true,
  includes: 'Design consultation, a tasting for two, delivery and setup at the venue.',
});

/** A lively month at Sweet Tiers: new matches, quotes in every state, a booking past and one to come. */
const SCENARIOS: Scenario[] = [
  {
    customer: { name: 'Maya Chen', email: 'maya.chen@example.com' },
    askedDaysAgo: 0,
    eventInDays: 96,
    guests: 140,
    budgetCents: 120000,
    details: {
      product_types: ['Wedding cakes', 'Macarons'],
      tiers: 4,
      flavors: ['Lemon', 'Almond'],
      delivery_needed: true,
      notes: 'Sage green and white, fresh flowers on the tiers.',
    },
    outcome: 'new',
  },
  {
    customer: { name: 'Daniel Okafor', email: 'daniel.okafor@example.com', phone: '+1 512 555 0188' },
    askedDaysAgo: 1,
    eventInDays: 152,
    guests: 90,
    details: { product_types: ['Wedding cakes'], tiers: 3, flavors: ['Chocolate', 'Salted caramel'], dietary_needs: ['Nut-free'], delivery_needed: true },
    outcome: 'new',
  },
  {
    customer: { name: 'Sofia Ramirez', email: 'sofia.ramirez@example.com' },
    askedDaysAgo: 2,
    eventInDays: 61,
    guests: 60,
    budgetCents: 45000,
    details: { product_types: ['Cupcakes', 'Dessert tables'], flavors: ['Vanilla', 'Strawberry'], delivery_needed: false },
    outcome: 'opened',
  },
  {
    customer: { name: 'Priya Natarajan', email: 'priya.natarajan@example.com' },
    askedDaysAgo: 4,
    eventInDays: 118,
    guests: 180,
    budgetCents: 160000,
    details: { product_types: ['Wedding cakes', 'Cookies'], tiers: 5, flavors: ['Red velvet', 'Vanilla'], delivery_needed: true },
    outcome: 'quoted',
    quote: {
      priceCents: 148000,
      message: 'Congratulations! A five-tier red velvet and vanilla cake with hand-piped lace, plus 180 sugar cookies for your favours.',
      details: cake('Five tiers, ivory buttercream, hand-piped lace', 180, 5),
    },
  },
  {
    customer: { name: 'Emma & Lucas Berg', email: 'emma.berg@example.com', phone: '+1 737 555 0110' },
    askedDaysAgo: 21,
    eventInDays: 33,
    guests: 110,
    budgetCents: 90000,
    details: { product_types: ['Wedding cakes'], tiers: 3, flavors: ['Lemon', 'Coconut'], delivery_needed: true },
    outcome: 'accepted',
    quote: {
      priceCents: 82500,
      message: 'A three-tier lemon and coconut cake with pressed edible flowers, delivered and set up at Laguna Gloria.',
      details: cake('Three tiers, semi-naked, pressed edible flowers', 110, 3),
    },
  },
  {
    customer: { name: 'Hannah Whitfield', email: 'hannah.whitfield@example.com' },
    askedDaysAgo: 75,
    eventInDays: -12,
    guests: 150,
    budgetCents: 110000,
    details: { product_types: ['Wedding cakes', 'Dessert tables'], tiers: 4, flavors: ['Marble', 'Spice'], delivery_needed: true },
    outcome: 'accepted',
    quote: {
      priceCents: 104000,
      message: 'A four-tier marble and spice cake with a dessert table of mini pies for 150 guests.',
      details: cake('Four tiers, fondant, gold leaf accents', 150, 4),
    },
  },
  {
    customer: { name: 'Oliver Grant', email: 'oliver.grant@example.com' },
    askedDaysAgo: 16,
    eventInDays: 210,
    guests: 200,
    details: { product_types: ['Wedding cakes'], tiers: 6, delivery_needed: true },
    outcome: 'rejected',
    quote: {
      priceCents: 195000,
      message: 'A six-tier showpiece cake for 200 guests with a tasting for four.',
      details: cake('Six tiers, sugar peonies cascading', 200, 6),
    },
  },
  {
    customer: { name: 'Ava Thompson', email: 'ava.thompson@example.com' },
    askedDaysAgo: 6,
    eventInDays: 19,
    guests: 40,
    details: { product_types: ['Donuts'], delivery_needed: false },
    outcome: 'declined',
  },
  {
    customer: { name: 'Noah Patel', email: 'noah.patel@example.com' },
    askedDaysAgo: 44,
    eventInDays: 130,
    guests: 70,
    details: { product_types: ['Pies', 'Cookies'], delivery_needed: true },
    outcome: 'expired',
  },
];

/** The deps with the clock set `days` back: the demo's history is made by the real use cases, as it would have happened. */
function daysAgo(deps: QuotesDeps, days: number): QuotesDeps {
  const clock: Clock = { now: () => deps.clock.now() - days * DAY_MS };
  return { ...deps, clock };
}

function isoDay(deps: QuotesDeps, inDays: number): string {
  return new Date(deps.clock.now() + inDays * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Fills the demo bakery's marketplace (issue: demo data): couples' requests sent straight to it,
 * quoted, booked, turned down, declined and left to expire, at the times they would have been, so
 * the jobs due since (a booking completed, a match expired, a review asked for) run when the job
 * runner starts. And a blocked week. Only for a demo made now.
 */
export async function seedDemoMarketplace(deps: QuotesDeps, owner: AuthContext): Promise<void> {
  // The story's jobs (a match expiring, a booking completing) are due in the past: a job runner
  // already running (a test's, another instance's) would take them between two steps of the
  // story and close a quote the next step answers. They wait here and are queued once it is told.
  const held: JobRequest[] = [];
  const story: QuotesDeps = { ...deps, jobs: { ...deps.jobs, enqueue: async (_trx, job) => void held.push(job) } };
  await tellStory(story, owner);
  await deps.database.writeTransaction(async (trx) => {
    for (const job of held) await deps.jobs.enqueue(trx, job);
  });
}

async function tellStory(deps: QuotesDeps, owner: AuthContext): Promise<void> {
  for (const scenario of SCENARIOS) {
    const asked = daysAgo(deps, scenario.askedDaysAgo);
    const business = daysAgo(deps, Math.max(0, scenario.askedDaysAgo - 1));
    const couple = daysAgo(deps, Math.max(0, scenario.askedDaysAgo - 2));
    const { id: requestId } = await createRequest(asked, {
      category: 'bakery',
      eventDate: isoDay(deps, scenario.eventInDays),
      location: 'Austin, TX',
      guests: scenario.guests,
      ...(scenario.budgetCents === undefined ? {} : { budgetCents: scenario.budgetCents }),
      details: scenario.details,
      customer: scenario.customer,
      vendorId: owner.vendorId,
    });
    const token = deps.links.sign('request', requestId);
    const request = await confirmRequest(asked, token);
    const quoteId = await firstQuoteOf(business, owner, request.id);
    if (!quoteId || scenario.outcome === 'new' || scenario.outcome === 'expired') continue;
    if (scenario.outcome === 'opened') {
      await getQuote(business, owner, quoteId);
    } else if (scenario.outcome === 'declined') {
      await declineQuote(business, owner, quoteId, 'Fully booked that weekend, sorry!');
    } else if (scenario.quote) {
      await submitQuote(business, owner, quoteId, scenario.quote);
      if (scenario.outcome === 'accepted') await acceptQuote(couple, token, quoteId);
      if (scenario.outcome === 'rejected') await rejectQuote(couple, token, quoteId);
    }
  }
  await addBlackoutDates(deps, owner, { from: isoDay(deps, 14), to: isoDay(deps, 20), note: 'Family vacation' });
}

/** The business's new match for a request, from its potential matches as it would see them. */
async function firstQuoteOf(deps: QuotesDeps, owner: AuthContext, requestId: string): Promise<string | null> {
  const { data } = await listQuotes(deps, owner, { status: 'potential', limit: 100, sort: 'received' });
  return data.find((quote) => quote.requestId === requestId)?.id ?? null;
}
