import { randomUUID } from 'node:crypto';
import type { QuotesTable } from '../../server/quotes';
import type { QuoteRequestsTable } from '../../server/requests';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A business that can be matched: its id and the category it sells in. */
export interface VolumeVendor {
  vendorId: string;
  categoryId: string;
  leadCost: number;
}

/** A place requests are made in. */
export interface VolumePlace {
  label: string;
  lat: number;
  lng: number;
}

const FIRST = [
  'Maya',
  'Daniel',
  'Sofia',
  'Priya',
  'Emma',
  'Lucas',
  'Hannah',
  'Oliver',
  'Ava',
  'Noah',
  'Isabella',
  'Ethan',
  'Mia',
  'James',
  'Amelia',
  'Mateo',
  'Harper',
  'Leo',
  'Zoe',
  'Aiden',
  'Chloe',
  'Caleb',
  'Layla',
  'Elijah',
  'Nora',
  'Samuel',
  'Grace',
  'Julian',
  'Aria',
  'Wyatt',
];
const LAST = [
  'Chen',
  'Okafor',
  'Ramirez',
  'Natarajan',
  'Berg',
  'Whitfield',
  'Grant',
  'Thompson',
  'Patel',
  'Nguyen',
  'Garcia',
  'Johnson',
  'Kim',
  'Rossi',
  'Cohen',
  'Silva',
  'Murphy',
  'Ali',
  'Schmidt',
  'Dubois',
  'Kowalski',
  'Tanaka',
  'Haddad',
  'Larsen',
  'Moreau',
];

type Kind = 'open' | 'booked' | 'completed' | 'passed' | 'withdrawn';
const KINDS: [Kind, number][] = [
  ['open', 0.45],
  ['booked', 0.15],
  ['completed', 0.2],
  ['passed', 0.1],
  ['withdrawn', 0.1],
];

/**
 * Couples' requests and the quotes businesses answered them with, as months of a marketplace
 * would leave them: each request in one category, sent to 1 to 5 of its businesses, open (matches
 * new and quoted), booked (one accepted, the others closed), completed after the event, passed
 * unanswered, or withdrawn. About `quotes` quotes, over the given businesses, around `now`.
 */
export function generateHistory(input: {
  quotes: number;
  vendors: readonly VolumeVendor[];
  places: readonly VolumePlace[];
  now: number;
  random: () => number;
}): {
  requests: QuoteRequestsTable[];
  quotes: QuotesTable[];
} {
  const { random, now } = input;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const between = (low: number, high: number) => Math.floor(low + random() * (high - low + 1));
  const byCategory = new Map<string, VolumeVendor[]>();
  for (const vendor of input.vendors) byCategory.set(vendor.categoryId, [...(byCategory.get(vendor.categoryId) ?? []), vendor]);
  const categories = [...byCategory.keys()];
  const requests: QuoteRequestsTable[] = [];
  const quotes: QuotesTable[] = [];

  while (quotes.length < input.quotes && categories.length > 0) {
    const categoryId = pick(categories);
    const sellers = byCategory.get(categoryId) ?? [];
    const roll = random();
    let acc = 0;
    const kind = KINDS.find(([, share]) => (acc += share) >= roll)?.[0] ?? 'open';
    const past = kind === 'completed' || kind === 'passed';
    const eventAt = now + (past ? -between(1, 365) : between(20, 540)) * DAY_MS;
    const createdAt = past ? eventAt - between(30, 200) * DAY_MS : now - between(0, 120) * DAY_MS;
    const place = pick(input.places);
    const guests = between(20, 300);
    const name = `${pick(FIRST)} ${pick(LAST)}`;
    const requestId = randomUUID();
    const eventDate = new Date(eventAt).toISOString().slice(0, 10);
    requests.push({
      id: requestId,
      category_id: categoryId,
      event_date: eventDate,
      location: place.label,
      lat: place.lat,
      lng: place.lng,
      guests,
      budget_cents: random() < 0.7 ? between(5, 300) * 10_000 : null,
      details: '{}',
      details_version: 1,
      customer_name: name,
      customer_email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${requests.length}@example.com`,
      customer_phone: random() < 0.5 ? `+1 512 555 ${String(between(0, 9999)).padStart(4, '0')}` : null,
      direct_vendor_id: null,
      status: kind === 'open' ? 'open' : kind === 'booked' || kind === 'completed' ? 'booked' : kind === 'withdrawn' ? 'withdrawn' : 'closed',
      confirmed_at: createdAt,
      created_at: createdAt,
      updated_at: createdAt + DAY_MS,
    });
    const chosen = [...sellers].sort(() => random() - 0.5).slice(0, Math.min(sellers.length, between(1, 5)));
    chosen.forEach((vendor, index) => {
      const quoted = kind !== 'open' || random() < 0.5;
      let status: QuotesTable['status'] = 'potential';
      let closedReason: QuotesTable['closed_reason'] = null;
      if (kind === 'open') status = quoted ? 'submitted' : random() < 0.15 ? 'closed' : 'potential';
      if (kind === 'open' && status === 'closed') closedReason = 'declined';
      if (kind === 'booked' || kind === 'completed')
        [status, closedReason] = index === 0 ? [kind === 'booked' ? 'accepted' : 'completed', null] : ['closed', 'booked-elsewhere'];
      if (kind === 'passed') [status, closedReason] = random() < 0.3 ? ['rejected', null] : ['closed', 'event-passed'];
      if (kind === 'withdrawn') [status, closedReason] = ['closed', 'withdrawn'];
      const submittedAt = status === 'potential' || closedReason === 'declined' ? null : createdAt + between(1, 48) * 3_600_000;
      quotes.push({
        id: randomUUID(),
        request_id: requestId,
        vendor_id: vendor.vendorId,
        category_id: categoryId,
        status,
        event_date: eventDate,
        customer_name: name,
        price_cents: submittedAt === null ? null : between(20, 900) * 1_000,
        message: submittedAt === null ? null : `Thank you, ${name.split(' ')[0]}! Here is our proposal for your day.`,
        details: submittedAt === null ? null : '{}',
        lead_cost: vendor.leadCost,
        refunded: 0,
        closed_reason: closedReason,
        decline_reason: closedReason === 'declined' ? 'Booked that weekend' : null,
        vendor_viewed_at: status === 'potential' && random() < 0.4 ? null : createdAt + 3_600_000,
        customer_viewed_at: submittedAt === null ? null : submittedAt + DAY_MS,
        submitted_at: submittedAt,
        // Declines answer within the hour the match was opened.
        first_response_at: submittedAt ?? (closedReason === 'declined' ? createdAt + 3_600_000 : null),
        // Booked a day after the couple read the quote.
        accepted_at: (status === 'accepted' || status === 'completed') && submittedAt !== null ? submittedAt + 2 * DAY_MS : null,
        created_at: createdAt,
        updated_at: createdAt + DAY_MS,
      });
    });
  }
  return { requests, quotes };
}
