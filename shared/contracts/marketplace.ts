import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from '../validators/email';
import { isSingleLine, SINGLE_LINE_MESSAGE } from '../validators/single-line';
import { nameSchema } from './route';

/** A calendar date, `YYYY-MM-DD`, that exists (no 2027-02-30). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use a date like 2027-06-12', abort: true })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'This date does not exist');

/**
 * Where a quote stands (docs/specification.md §4: the six lists): a `potential` match the
 * vendor may quote, a `submitted` quote the couple may accept or reject, an `accepted` booking
 * that becomes `completed` after the event, and `closed` (declined, expired, booked elsewhere,
 * withdrawn).
 */
export const quoteStatusSchema = z.enum(['potential', 'submitted', 'accepted', 'completed', 'rejected', 'closed']);
export type QuoteStatus = z.infer<typeof quoteStatusSchema>;

/** Where a customer's request stands: waiting for its email link, open for quotes, booked, withdrawn, or closed. */
export const requestStatusSchema = z.enum(['unconfirmed', 'open', 'booked', 'withdrawn', 'closed']);
export type RequestStatus = z.infer<typeof requestStatusSchema>;

const personName = z.string().trim().min(2, 'Enter your name').max(80, 'Use at most 80 characters').refine(isSingleLine, SINGLE_LINE_MESSAGE);
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a phone number, like 512 555 0142');

/** `POST /api/public/quote-requests` (docs/marketplace.md): a customer asks for quotes. */
export const createRequestBodySchema = z.strictObject({
  category: nameSchema,
  eventDate: isoDateSchema,
  location: z.string().trim().min(2, 'Enter a city like "Austin, TX" or a ZIP code').max(120),
  guests: z.number({ error: 'Enter the number of guests' }).int('Enter a whole number').min(1, 'At least 1 guest').max(20_000, 'At most 20,000 guests'),
  budgetCents: z.number().int('Use whole cents').min(0).max(100_000_000).optional(),
  details: z.record(z.string(), z.unknown()).default({}),
  customer: z.strictObject({
    name: personName,
    email: z.string().trim().toLowerCase().max(254).regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE),
    phone: phone.optional(),
  }),
  vendorId: z.string().uuid('Not a vendor of this marketplace').optional(),
});
export type CreateRequestBody = z.infer<typeof createRequestBodySchema>;

/** The answer of `POST /api/public/quote-requests`: stored, waiting for the customer to open the mailed link. */
export const createdRequestSchema = z.object({ id: z.string(), status: z.literal('unconfirmed') });
export type CreatedRequest = z.infer<typeof createdRequestSchema>;

/** One quote as the customer sees it on their page. */
export const customerQuoteSchema = z.object({
  id: z.string(),
  status: quoteStatusSchema,
  priceCents: z.number().int().nullable(),
  message: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  vendor: z.object({
    name: z.string(),
    profilePath: z.string(),
    /** How to reach the vendor, once the couple booked them. */
    contact: z.object({ phone: z.string().nullable(), email: z.string().nullable() }).optional(),
  }),
  /** Whether the vendor has opened the match (a match they have not is "Waiting for the vendor"). */
  vendorOpened: z.boolean(),
  unread: z.number().int(),
  submittedAt: z.number().nullable(),
});

/** What a request says of the event, as both the couple's page and the vendor's quote show it: its category, date, place, guests, budget and answers. */
const eventFactsShape = {
  category: z.string(),
  eventDate: z.string(),
  location: z.string(),
  guests: z.number().int(),
  budgetCents: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()),
};

/** `GET /api/public/requests/:token` (docs/marketplace.md): the request with every quote it received. */
export const customerRequestSchema = z.object({
  id: z.string(),
  status: requestStatusSchema,
  ...eventFactsShape,
  customer: z.object({ name: z.string() }),
  /** Confirmed and open, and vendors are still being found (matching runs as a job after the confirm answers): `matched` is not final yet. */
  matching: z.boolean(),
  /** How many vendors were sent the request (0 until it is confirmed and matched). */
  matched: z.number().int(),
  quotes: z.array(customerQuoteSchema),
});
export type CustomerRequest = z.infer<typeof customerRequestSchema>;
export const customerRequestResponseSchema = envelopeSchema(customerRequestSchema);

/** A quote as its vendor sees it (docs/marketplace.md). The customer's email and phone only once quoted. */
export const quoteSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  status: quoteStatusSchema,
  ...eventFactsShape,
  customer: z.object({ name: z.string(), email: z.string().optional(), phone: z.string().optional() }),
  priceCents: z.number().int().nullable(),
  message: z.string().nullable(),
  quoteDetails: z.record(z.string(), z.unknown()).nullable(),
  leadCost: z.number().int(),
  refunded: z.boolean(),
  /** Why a closed quote closed: declined, expired, event-passed, booked-elsewhere, withdrawn. */
  closedReason: z.string().nullable(),
  /** The vendor has opened it (a potential match counts as new until then). */
  opened: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** One change of a quote's status, for its history. */
export const quoteEventSchema = z.object({
  status: quoteStatusSchema,
  actor: z.enum(['vendor', 'customer', 'system']),
  note: z.string().nullable(),
  at: z.number(),
});

/** `GET /api/quotes/:id`: the quote, how many vendors got the request, and its history. */
export const quoteDetailSchema = quoteSchema.extend({ competitors: z.number().int(), history: z.array(quoteEventSchema) });
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;

/** The query of `GET /api/quotes` (docs/marketplace.md, with the lists' filters). */
export const quoteListQuerySchema = z.strictObject({
  status: quoteStatusSchema,
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(500).optional(),
  category: nameSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  q: z.string().trim().max(80).optional(),
  sort: z.enum(['received', 'event-date']).default('received'),
});
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;

/** A row of a list: the quote and how many businesses got its request (the potential matches' column). */
export const quoteListItemSchema = quoteSchema.extend({ competitors: z.number().int() });
export type QuoteListItem = z.infer<typeof quoteListItemSchema>;

export const quoteListResponseSchema = envelopeSchema(z.array(quoteListItemSchema), { nextCursor: z.string().nullable() });

/** The days back the dashboard's response time counts leads over. */
export const RESPONSE_WINDOW_DAYS = 90;

/**
 * How a business answers its leads (the quotes created in a window): `leads` received, `answered`
 * of them (a quote, a decline or a message written; not an auto-response), `responseRate` =
 * answered ÷ leads (0..1), `medianMinutes` = the median wait for the first answer of the answered
 * ones, in whole minutes; each null when there is nothing to divide by.
 */
export const responseTimeSchema = z.object({
  medianMinutes: z.number().int().nonnegative().nullable(),
  responseRate: z.number().min(0).max(1).nullable(),
  answered: z.number().int().nonnegative(),
  leads: z.number().int().nonnegative(),
});
export type ResponseTime = z.infer<typeof responseTimeSchema>;

/** `GET /api/quotes/summary`: counts for the menu's badge, the lists and the dashboard; the response time of the last 90 days. */
export const quoteSummarySchema = z.object({
  counts: z.record(quoteStatusSchema, z.number().int()),
  newMatches: z.number().int(),
  upcoming: z.array(z.object({ id: z.string(), category: z.string(), eventDate: z.string(), customerName: z.string(), location: z.string() })),
  responseTime: responseTimeSchema,
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

/** A booked event with how to reach the couple (their email and phone: the vendor quoted them). */
export const upcomingBookingSchema = z.object({
  quoteId: z.string(),
  category: z.string(),
  eventDate: z.string(),
  location: z.string(),
  customer: z.object({ name: z.string(), email: z.string().optional(), phone: z.string().optional() }),
});
export type UpcomingBooking = z.infer<typeof upcomingBookingSchema>;

/**
 * `GET /api/quotes/upcoming-bookings`: the next booked events from the server's today, soonest
 * first, with the couples' contacts, and how many more follow (the screen a vendor is locked on
 * by a failed payment shows them, where the quote pages cannot be opened).
 */
export const upcomingBookingsResponseSchema = envelopeSchema(z.array(upcomingBookingSchema), { more: z.number().int().nonnegative() });
export type UpcomingBookings = z.infer<typeof upcomingBookingsResponseSchema>;

/** `POST /api/quotes/:id/submit`. */
export const submitQuoteBodySchema = z.strictObject({
  priceCents: z.number({ error: 'Enter your price' }).int('Use whole cents').min(100, 'At least $1.00').max(100_000_000, 'At most $1,000,000.00'),
  message: z.string().trim().min(10, 'Write at least a few words to the couple').max(4000, 'Use at most 4,000 characters'),
  details: z.record(z.string(), z.unknown()).optional(),
});

/**
 * `POST /api/quotes/:id/decline`: `reason` stays with the business; `message`, when given, is
 * written to the couple in the quote's thread. Its limit is a thread message's (`MESSAGE_MAX_LENGTH`
 * in messages.ts, which imports this file, so it is repeated here).
 */
export const declineQuoteBodySchema = z.strictObject({
  reason: z.string().trim().max(500).optional(),
  message: z.string({ error: 'Write a message' }).trim().min(1, 'Write a message').max(10_000, 'Use at most 10,000 characters').optional(),
});

/** One row of the credits ledger. */
export const creditEntrySchema = z.object({
  id: z.string(),
  delta: z.number().int(),
  reason: z.enum(['trial', 'lead', 'refund', 'purchase', 'plan', 'adjustment']),
  quoteId: z.string().optional(),
  note: z.string().optional(),
  /** The balance once this row applied (the ledger's running balance). */
  balanceAfter: z.number().int().nullable().optional(),
  createdAt: z.number(),
});

/** `GET /api/credits?limit&cursor` (docs/marketplace.md): the balance is the sum of the ledger; entries newest first. */
export const creditsSchema = z.object({ balance: z.number().int(), entries: z.array(creditEntrySchema), nextCursor: z.string().nullable().optional() });
export type Credits = z.infer<typeof creditsSchema>;
export const creditsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), cursor: z.string().max(300).optional() });
export type CreditsQuery = z.infer<typeof creditsQuerySchema>;

/** A blocked stretch of days (inclusive), entered by hand or imported from a calendar file. */
export const blackoutSchema = z.object({ id: z.string(), from: z.string(), to: z.string(), note: z.string(), source: z.enum(['manual', 'import']) });
export type Blackout = z.infer<typeof blackoutSchema>;

/** `POST /api/blackout-dates`. */
export const createBlackoutBodySchema = z
  .strictObject({ from: isoDateSchema, to: isoDateSchema, note: z.string().trim().max(200).optional() })
  .refine((body) => body.to >= body.from, { path: ['to'], message: 'The last day cannot be before the first' });
