import { randomBytes } from 'node:crypto';
import { VENDOR_TYPE } from '../../support/vendor-types';

/**
 * The live bench's data, made through a running server's API as a vendor, its team and a couple
 * would make it (the links come from the development outbox, so the server runs in test mode).
 */

const PASSWORD = 'violet-lantern-harbor-92';
/** A business may send 20 invitations an hour and 50 a day (server/team): the test clock moves a day after every 20. */
const INVITATIONS_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One person's session: what opens their streams. */
export interface Person {
  email: string;
  accessToken: string;
}

/** A business with its team, and a couple's request it has quoted: the couple writes on `quoteId` through `token`. */
export interface QuotedBusiness {
  vendorId: string;
  /** The owner first, then the members in the order they joined. */
  people: Person[];
  couple: { token: string; quoteId: string };
}

function uniqueEmail(label: string): string {
  return `bench-live.${label}.${randomBytes(5).toString('hex')}@example.com`;
}

/** Calls the API and parses the JSON answer; throws unless the status is `status`. */
async function api<T>(
  base: string,
  method: string,
  route: string,
  options: { body?: unknown; headers?: Record<string, string>; status?: number } = {},
): Promise<T> {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: { ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  if (res.status !== (options.status ?? 200)) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 500)}`);
  return (text === '' ? null : JSON.parse(text)) as T;
}

const bearer = (accessToken: string) => ({ Authorization: `Bearer ${accessToken}` });

/** The token of the newest link `…<path><token>` mailed to `to`, read from /dev/outbox.json as mail jobs deliver it. */
async function mailedToken(base: string, to: string, link: RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { data } = await api<{ data: { text_body: string }[] }>(base, 'GET', `/dev/outbox.json?to=${encodeURIComponent(to)}`);
    const token = data.map((mail) => link.exec(mail.text_body)?.[1]).find((found) => found !== undefined);
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no link ${link} mailed to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs `task(i)` for i in 0..count-1, `concurrency` at a time (password hashing runs on the server's thread pool); the answers in order. */
async function inParallel<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next;
        next += 1;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

async function register(base: string, label: string): Promise<Person & { vendorId: string }> {
  const email = uniqueEmail(label);
  const { data } = await api<{ data: { accessToken: string; vendor: { vendor_id: string } } }>(base, 'POST', '/api/register', {
    body: { email, password: PASSWORD, businessName: 'Bench Florals' },
    status: 201,
  });
  return { email, accessToken: data.accessToken, vendorId: data.vendor.vendor_id };
}

async function signIn(base: string, email: string): Promise<string> {
  const { data } = await api<{ data: { accessToken: string } }>(base, 'POST', '/api/login', { body: { email, password: PASSWORD } });
  return data.accessToken;
}

/** `count` businesses signed up (not onboarded), one person each. */
export function registeredBusinesses(base: string, count: number): Promise<Person[]> {
  return inParallel(count, 4, (i) => register(base, `solo-${i}`));
}

/**
 * An onboarded florist in Austin with `members` team members who joined through the mailed
 * invitations (the test clock moves a day after every 20 invitations, the business's limit, and
 * the owner signs in again), and a couple's request sent to it directly, confirmed
 * through the mailed link and quoted.
 */
export async function aQuotedBusinessWithTeam(base: string, members: number): Promise<QuotedBusiness> {
  const owner = await register(base, 'owner');
  await api(base, 'PUT', '/api/vendor/forms/new-user-step-1', {
    headers: bearer(owner.accessToken),
    body: {
      business_name: 'Bench Florals',
      vendor_type_ids: [VENDOR_TYPE.florist],
      contact_phone: '5550102030',
      city: 'Austin, TX',
      service_radius_miles: 50,
      min_notice_days: 0,
    },
  });
  const emails = Array.from({ length: members }, (_, i) => uniqueEmail(`member-${i}`));
  let ownerToken = owner.accessToken;
  for (const [i, email] of emails.entries()) {
    if (i > 0 && i % INVITATIONS_PER_DAY === 0) {
      await api(base, 'POST', '/dev/clock', { body: { advanceDays: 1 } });
      // A day is as long as an access token can live.
      ownerToken = await signIn(base, owner.email);
    }
    await api(base, 'POST', '/api/team/invitations', { headers: bearer(ownerToken), body: { email }, status: 201 });
  }
  const team = await inParallel(members, 4, async (i) => {
    const email = emails[i] ?? '';
    const token = await mailedToken(base, email, /\/register-with-token\/([A-Za-z0-9_-]+)/);
    const { data } = await api<{ data: { accessToken: string } }>(base, 'POST', '/api/register-with-token', {
      body: { token, password: PASSWORD },
      status: 201,
    });
    return { email, accessToken: data.accessToken };
  });

  const { now } = await api<{ now: number }>(base, 'GET', '/dev/clock');
  const coupleEmail = uniqueEmail('couple');
  await api(base, 'POST', '/api/public/quote-requests', {
    headers: { 'X-Forwarded-For': '10.21.0.1' },
    body: {
      category: 'florist',
      eventDate: new Date(now + 90 * DAY_MS).toISOString().slice(0, 10),
      location: 'Austin, TX',
      guests: 90,
      details: { pieces: ['Bridal bouquets'], colors: 'Peach' },
      customer: { name: 'Jordan Avery', email: coupleEmail },
      vendorId: owner.vendorId,
    },
    status: 201,
  });
  const token = await mailedToken(base, coupleEmail, /\/requests\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/);
  await api(base, 'POST', `/api/public/requests/${token}/confirm`);
  // Matching is a job the confirm queued: the business has its match once the couple's page says so.
  while ((await api<{ data: { matching: boolean } }>(base, 'GET', `/api/public/requests/${token}`)).data.matching) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { data: matches } = await api<{ data: { id: string }[] }>(base, 'GET', '/api/quotes?status=potential&limit=100', {
    headers: bearer(ownerToken),
  });
  const quoteId = matches[0]?.id;
  if (!quoteId) throw new Error('the request was not matched with the business');
  await api(base, 'POST', `/api/quotes/${quoteId}/submit`, {
    headers: bearer(ownerToken),
    body: {
      priceCents: 185_000,
      message: 'We would love to do your flowers: peonies and garden roses.',
      details: { arrangements: 'Garden roses, peonies and eucalyptus in blush and ivory.', bouquets: 4, centerpieces: 12, setup_included: true },
    },
  });
  return { vendorId: owner.vendorId, people: [{ email: owner.email, accessToken: ownerToken }, ...team], couple: { token, quoteId } };
}
