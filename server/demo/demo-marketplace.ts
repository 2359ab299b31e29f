import { addBlackoutDates } from '../availability';
import type { AuthContext } from '../core/http/require-auth';
import { acceptQuote, declineQuote, getQuote, listQuotes, rejectQuote, submitQuote, type QuotesDeps } from '../quotes';
import { confirmRequest, createRequest } from '../requests';

import type { StoryTime } from './story-time';
import { DAY_MS } from '../../shared/time/durations';

/** How many days ago the demo bakery signed up: before its oldest couple asked. */
export const DEMO_STORY_DAYS = 80;

/** One couple's request to the demo bakery and how far it went. */
interface Scenario {
  customer: { name: string; email: string; phone?: string };
  /** Days before now the couple asked; the business acts a day later, the couple two (never after now). */
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

/** One thing that happened, at its time; the steps of all couples are told in time order. */
interface Step {
  at: number;
  act: (deps: QuotesDeps) => Promise<void>;
}

/** What a couple's steps share: their request's id and link once asked, the business's match once found. */
interface Thread {
  requestId?: string;
  token?: string;
  quoteId?: string | null;
}

function isoDay(today: number, inDays: number): string {
  return new Date(today + inDays * DAY_MS).toISOString().slice(0, 10);
}

/** A couple's story as steps: the request asked and confirmed, the business's answer a day later, the couple's the day after. */
function stepsOf(scenario: Scenario, owner: AuthContext, today: number): Step[] {
  const asked = today - scenario.askedDaysAgo * DAY_MS;
  const business = Math.min(today, asked + DAY_MS);
  const couple = Math.min(today, asked + 2 * DAY_MS);
  const thread: Thread = {};
  const ask: Step = {
    at: asked,
    act: async (deps) => {
      const { id } = await createRequest(deps, {
        category: 'bakery',
        eventDate: isoDay(today, scenario.eventInDays),
        location: 'Austin, TX',
        guests: scenario.guests,
        ...(scenario.budgetCents === undefined ? {} : { budgetCents: scenario.budgetCents }),
        details: scenario.details,
        customer: scenario.customer,
        vendorId: owner.vendorId,
      });
      thread.token = deps.links.sign('request', id);
      thread.requestId = (await confirmRequest(deps, thread.token)).id;
    },
  };
  if (scenario.outcome === 'new' || scenario.outcome === 'expired') return [ask];
  const answer: Step = {
    at: business,
    act: async (deps) => {
      thread.quoteId = thread.requestId ? await firstQuoteOf(deps, owner, thread.requestId) : null;
      if (!thread.quoteId) return;
      if (scenario.outcome === 'opened') await getQuote(deps, owner, thread.quoteId);
      else if (scenario.outcome === 'declined') await declineQuote(deps, owner, thread.quoteId, 'Fully booked that weekend, sorry!');
      else if (scenario.quote) await submitQuote(deps, owner, thread.quoteId, scenario.quote);
    },
  };
  if (scenario.outcome !== 'accepted' && scenario.outcome !== 'rejected') return [ask, answer];
  const reply: Step = {
    at: couple,
    act: async (deps) => {
      if (!thread.quoteId || !thread.token) return;
      if (scenario.outcome === 'accepted') await acceptQuote(deps, thread.token, thread.quoteId);
      else await rejectQuote(deps, thread.token, thread.quoteId);
    },
  };
  return [ask, answer, reply];
}

/**
 * Fills the demo bakery's marketplace (issue: demo data): couples' requests sent straight to it,
 * quoted, booked, turned down, declined and left to expire, each step on the story's clock at the
 * time it would have happened and all in time order, so what they set off (a match expiring, a
 * refund of an unopened quote, a booking completed the day after its event, the review asked for)
 * happens at its own time between them. Then the week it blocked today. Only for a demo made now.
 */
export async function tellDemoMarketplace(deps: QuotesDeps, story: StoryTime, owner: AuthContext, today: number): Promise<void> {
  const steps = SCENARIOS.flatMap((scenario) => stepsOf(scenario, owner, today)).sort((a, b) => a.at - b.at);
  for (const step of steps) {
    await story.moveTo(step.at);
    await step.act(deps);
  }
  await story.moveTo(today);
  await addBlackoutDates(deps, owner, { from: isoDay(today, 14), to: isoDay(today, 20), note: 'Family vacation' });
}

/** The business's new match for a request, from its potential matches as it would see them. */
async function firstQuoteOf(deps: QuotesDeps, owner: AuthContext, requestId: string): Promise<string | null> {
  const { data } = await listQuotes(deps, owner, { status: 'potential', limit: 100, sort: 'received' });
  return data.find((quote) => quote.requestId === requestId)?.id ?? null;
}
