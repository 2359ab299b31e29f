import { expect } from 'vitest';
import type { TestContext } from '../../support/api/test-app';
import { agent, type SessionBody } from '../../support/api/http';
import { dayFromNow } from '../../support/api/clock';

/** Shared helpers of the availability API suites (not a test file). */

export interface BlockBody {
  id: string;
  from: string;
  to: string;
  note: string;
  source: 'manual' | 'import';
}

export function bearer(session: SessionBody): [string, string] {
  return ['Authorization', `Bearer ${session.accessToken}`];
}

/** Blocks days through the API (expects 201) and returns the block. */
export async function block(ctx: TestContext, session: SessionBody, body: { from: string; to: string; note?: string }): Promise<BlockBody> {
  const res = await agent(ctx)
    .post('/api/blackout-dates')
    .set(...bearer(session))
    .send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { data: BlockBody }).data;
}

export async function blocksOf(ctx: TestContext, session: SessionBody): Promise<BlockBody[]> {
  const res = await agent(ctx)
    .get('/api/blackout-dates')
    .set(...bearer(session));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { data: BlockBody[] }).data;
}

/** The business's feed link: its path and its token. */
export async function feedOf(ctx: TestContext, session: SessionBody, reset = false): Promise<{ path: string; token: string }> {
  const res = reset
    ? await agent(ctx)
        .post('/api/calendar/reset')
        .set(...bearer(session))
    : await agent(ctx)
        .get('/api/calendar')
        .set(...bearer(session));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const url = new URL((res.body as { data: { url: string } }).data.url);
  const token = /^\/api\/calendar\/(.+)\.ics$/.exec(url.pathname)?.[1];
  expect(token, url.href).toBeDefined();
  return { path: url.pathname, token: token ?? '' };
}

/** `YYYYMMDD` of the server clock's day plus `days`, as iCalendar writes a date. */
export function icalDay(ctx: TestContext, days: number): string {
  return dayFromNow(ctx, days).replaceAll('-', '');
}

/** A calendar file around its events (CRLF line ends, as RFC 5545 writes them). */
export function icsFile(events: string[]): Buffer {
  return Buffer.from(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Vowly tests//EN', ...events, 'END:VCALENDAR', ''].join('\r\n'));
}

/** Uploads a calendar file as the multipart field `file` (and the vendor's time zone, when given). */
export function importFile(ctx: TestContext, session: SessionBody, file: Buffer, name = 'calendar.ics', fields: Record<string, string> = {}) {
  const req = agent(ctx)
    .post('/api/blackout-dates/import')
    .set(...bearer(session));
  for (const [key, value] of Object.entries(fields)) req.field(key, value);
  return req.attach('file', file, { filename: name, contentType: 'text/calendar' });
}
