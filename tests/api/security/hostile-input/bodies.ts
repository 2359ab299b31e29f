import { OTHER_STRONG_PASSWORD, STRONG_PASSWORD } from '../../../support/api/http';
import { onboardingData } from '../../../support/api/forms';
import type { World } from './world';

/** A password no account of the corpus has: a body that carries it is refused by a password check even when it is otherwise valid. */
const NOT_THE_PASSWORD = 'not-the-password-of-anyone-7';

/**
 * Bodies as a real client sends them, by `METHOD pattern`. The body categories send them only
 * changed: one field of a wrong type, left out, or one field too many. The others (a hostile
 * param, query, header or token) send them as they are, so the hostile part meets the checks
 * behind the body's. Passwords are wrong and emails nobody's, so a body the app accepts signs
 * nobody in, locks nobody out and changes no password. A route not listed here still gets every
 * category, with generic bodies for this one.
 */
export function realisticBody(key: string, world: World): Record<string, unknown> | undefined {
  const nobody = 'nobody.corpus@example.com';
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/config/navigation': { path: '/dashboard', vendor: null },
    'POST /api/register': { email: nobody, password: STRONG_PASSWORD, businessName: 'Corpus Catering' },
    'POST /api/login': { email: nobody, password: NOT_THE_PASSWORD },
    'POST /api/login/google': { idToken: 'eyJhbGciOiJSUzI1NiJ9.e30.c2lnbmF0dXJlLW9mLW5vYm9keQ' },
    'POST /api/forgot-password': { email: nobody },
    'POST /api/reset-password': { token: 'rT'.repeat(22), password: STRONG_PASSWORD },
    'POST /jwt/refresh-token': { refreshToken: 'rf'.repeat(24) },
    'POST /jwt/logout': { refreshToken: 'rf'.repeat(24) },
    'POST /api/account/password': { currentPassword: NOT_THE_PASSWORD, newPassword: OTHER_STRONG_PASSWORD },
    'POST /api/account/email': { newEmail: nobody, password: NOT_THE_PASSWORD },
    'POST /api/account/email/confirm': { token: 'cf'.repeat(20) },
    'POST /api/account/email/verify': { token: 'vf'.repeat(20) },
    'POST /api/team/invitations': { email: 'invitee.corpus@example.com' },
    'POST /api/team/leave': { password: NOT_THE_PASSWORD },
    'POST /api/register-with-token': { token: world.invitation.token, password: STRONG_PASSWORD },
    'PUT /api/account/notifications': { newMatches: true, messages: true, reviews: true, weeklySummary: false, channel: 'email' },
    'DELETE /api/account': { password: NOT_THE_PASSWORD, confirmation: 'Hostile Corpus Florals' },
    'PUT /api/vendor/forms/:formId': onboardingData(),
    'PUT /api/profile/gallery/order': { ids: ['00000000-0000-4000-8000-000000000001'] },
    'POST /api/public/quote-requests': {
      category: 'florist',
      eventDate: '2031-06-12',
      location: 'Austin, TX',
      guests: 120,
      budgetCents: 500_000,
      details: {},
      customer: { name: 'Jordan Avery', email: 'couple.corpus@example.com', phone: '+1 512 555 0100' },
      vendorId: world.owner.vendor.vendor_id,
    },
    'POST /api/quotes/:id/messages': { body: 'Happy to help with your day.' },
    'POST /api/public/requests/:token/quotes/:quoteId/messages': { body: 'Could you do peonies?' },
    'POST /api/message-snippets': { title: 'Hello', body: 'Thanks for reaching out!' },
    'PUT /api/message-snippets/:id': { title: 'Hello', body: 'Thanks for reaching out!' },
    'PUT /api/reviews/:id/reply': { body: 'Thank you so much!' },
    'POST /api/reviews/:id/report': { reason: 'offensive', note: 'Rude words' },
    'POST /api/public/requests/:token/quotes/:quoteId/review': { rating: 5, title: 'Lovely', body: 'Wonderful from the first call to the last petal.' },
    'POST /api/public/vendors/:adminId/visits': { kind: 'view' },
    'POST /api/contact': { topic: 'billing', message: 'Please explain my last invoice to me.' },
    'POST /api/quotes/:id/submit': { priceCents: 185_000, message: 'We would love to do your flowers.', details: world.quoteDetails },
    'POST /api/quotes/:id/decline': { reason: 'busy', message: 'Sorry, we are fully booked.' },
    'POST /api/quote-templates': {
      category: 'florist',
      name: 'Roses',
      priceCents: 100_000,
      message: 'Garden roses for the whole day.',
      details: world.quoteDetails,
    },
    'PATCH /api/quote-templates/:id': { name: 'Roses and peonies', priceCents: 120_000 },
    'PUT /api/billing/payment-method': { paymentMethodId: 'pm_corpus00000000' },
    'POST /api/billing/subscription': { planId: 'professional' },
    'POST /api/billing/credit-purchases': { packId: 'pack-10' },
    'POST /sandbox/payment-methods': { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
    'POST /api/blackout-dates': { from: '2031-02-01', to: '2031-02-02', note: 'Family' },
    'POST /dev/clock': { advanceDays: 1 },
  };
  return bodies[key];
}

/**
 * Queries as the client sends them, by `METHOD pattern`: every request of the route carries one
 * (so a hostile header or token meets a query that parses), and the query category changes one
 * parameter at a time.
 */
export function realisticQuery(key: string, world: World): Record<string, string> | undefined {
  const queries: Record<string, Record<string, string>> = {
    'GET /api/quotes': { status: 'potential', limit: '10' },
    'GET /api/public/vendors': { category: 'florist', place: 'Austin, TX', sort: 'rating' },
    'GET /api/public/coverage': { category: 'florist', place: 'Austin, TX' },
    'GET /api/messages/threads': { q: 'peonies', limit: '10' },
    'GET /api/billing/plan-change': { planId: 'professional' },
    'GET /api/billing/invoices': { limit: '10' },
    'GET /api/credits': { limit: '10' },
    'GET /api/reviews': { rating: '5', limit: '10' },
    'GET /api/availability': { from: '2031-01-01', to: '2031-02-01' },
    'GET /api/analytics': { days: '90' },
    'GET /api/analytics/quotes.csv': { days: '90' },
    'GET /api/quote-templates': { category: 'florist' },
    'GET /dev/outbox.json': { to: world.owner.email, limit: '5' },
    'GET /dev/outbox': { to: world.owner.email, limit: '5' },
  };
  return queries[key];
}
