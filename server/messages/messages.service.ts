import { randomUUID } from 'node:crypto';
import { ForbiddenError } from '@casl/ability';
import type { Kysely } from 'kysely';
import type { Message, ThreadsQuery, ThreadSummary } from '../../shared/contracts/messages';
import { vendorWriteRefusal } from '../../shared/marketplace/vendor-write-refusal';
import type { DB } from '../core/db/schema';
import type { CoreDeps } from '../core/deps';
import { AppError } from '../core/http/app-error';
import { decodePageCursor, encodePageCursor } from '../core/http/page-cursor';
import type { AuthContext } from '../core/http/require-auth';
import { findCoupleRequest, requestOfLink } from '../requests';
import { waitText } from '../core/http/wait-text';
import { HOUR_MS } from '../../shared/time/durations';
import { planCoupleMail } from './couple-mail';
import * as repo from './messages.repository';
import type { MessageRow, MessageThreadRow } from './messages.table';

/** The most messages a thread shows (the latest). */
const THREAD_LIMIT = 500;
/** The most threads a search looks through. */
const SEARCH_LIMIT = 1000;
/** While the team has not read a thread, at most one mail about it per this long (docs/marketplace.md: Messages). */
export const TEAM_MAIL_INTERVAL_MS = 10 * 60 * 1000;
/** Messages a business may write in one thread in an hour: a lively conversation fits, a flood does not. */
export const VENDOR_MESSAGES_PER_THREAD_PER_HOUR = 40;

type Deps = Pick<CoreDeps, 'database' | 'clock' | 'events' | 'links' | 'jobs'>;

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    from: row.sender,
    body: row.body,
    automatic: Number(row.automatic) === 1,
    createdAt: Number(row.created_at),
    readAt: row.read_at === null ? null : Number(row.read_at),
  };
}

function noThread(): AppError {
  return new AppError(404, 'not-found', 'No quote with that id.');
}

/** The business's thread of this quote, or 404 (another business's is not found, never shown). */
async function threadOfBusiness(db: Kysely<DB>, auth: AuthContext, quoteId: string): Promise<MessageThreadRow> {
  const thread = await repo.findThread(db, quoteId);
  if (!thread || thread.vendor_id !== auth.vendorId) throw noThread();
  return thread;
}

/** The thread of a quote the couple's link may see: one of their request's quotes that was sent to them, or whose business wrote first. */
async function threadOfCouple(deps: Deps, token: string, quoteId: string): Promise<MessageThreadRow> {
  const request = await requestOfLink(deps, deps.database.db, token);
  const thread = await repo.findThread(deps.database.db, quoteId);
  if (!thread || thread.request_id !== request.id) throw new AppError(404, 'not-found', 'No quote with that id on this request.');
  const visible = thread.quote_status !== 'potential' || (await repo.quotesWithVendorMessages(deps.database.db, [quoteId])).has(quoteId);
  if (!visible) throw new AppError(404, 'not-found', 'No quote with that id on this request.');
  return thread;
}

/** Reads the thread for one side: the other side's messages are marked read now. */
async function readThread(deps: Deps, thread: MessageThreadRow, reader: 'vendor' | 'customer'): Promise<Message[]> {
  const unread = reader === 'vendor' ? Number(thread.vendor_unread) : Number(thread.customer_unread);
  if (unread > 0) {
    await deps.database.writeTransaction(async (trx) => {
      await repo.markRead(trx, thread.quote_id, reader, deps.clock.now());
      await deps.events.publish(trx, 'messages.read', { quoteId: thread.quote_id, vendorId: thread.vendor_id, reader });
    });
  }
  return (await repo.threadMessages(deps.database.db, thread.quote_id, THREAD_LIMIT)).map(toMessage);
}

/** Writes a message into the thread in `trx` and publishes `message.created` (notifications mail the other side). */
async function writeIn(
  deps: Pick<Deps, 'clock' | 'events' | 'jobs'>,
  trx: Kysely<DB>,
  thread: MessageThreadRow,
  from: 'vendor' | 'customer',
  body: string,
): Promise<Message> {
  const now = deps.clock.now();
  const row: MessageRow = { id: randomUUID(), quote_id: thread.quote_id, sender: from, body, automatic: 0, read_at: null, mailed_at: null, created_at: now };
  // Read again inside the transaction: the unread count and last mail decide whether the team is mailed.
  const current = (await repo.findThread(trx, thread.quote_id)) ?? thread;
  const lastMailed = current.last_mailed_at === null ? null : Number(current.last_mailed_at);
  const mailTeam = from === 'customer' && (Number(current.vendor_unread) === 0 || lastMailed === null || now - lastMailed >= TEAM_MAIL_INTERVAL_MS);
  await repo.insertMessage(trx, row);
  await repo.noteMessage(trx, thread.quote_id, { sender: from, body, at: now }, mailTeam ? now : null);
  if (from === 'vendor') await planCoupleMail(deps, trx, current, now);
  const request = await findCoupleRequest(trx, thread.request_id);
  await deps.events.publish(trx, 'message.created', {
    messageId: row.id,
    quoteId: thread.quote_id,
    requestId: thread.request_id,
    vendorId: thread.vendor_id,
    from,
    automatic: false,
    body,
    customerName: thread.customer_name,
    customerEmail: request?.customerEmail ?? '',
    mailTeam,
  });
  return toMessage(row);
}

/** Writes a message into the thread in a transaction of its own. */
function write(deps: Deps, thread: MessageThreadRow, from: 'vendor' | 'customer', body: string): Promise<Message> {
  return deps.database.writeTransaction((trx) => writeIn(deps, trx, thread, from, body));
}

/**
 * The business writes to the couple in `trx`, another change's transaction (a decline that says
 * why), whatever the quote's status; the caller checked the business may. 404 without a thread.
 */
export async function vendorWriteIn(deps: Pick<Deps, 'clock' | 'events' | 'jobs'>, trx: Kysely<DB>, quoteId: string, body: string): Promise<Message> {
  const thread = await repo.findThread(trx, quoteId);
  if (!thread) throw noThread();
  return writeIn(deps, trx, thread, 'vendor', body);
}

/** `GET /api/quotes/:id/messages`: the quote's thread; the couple's messages are read from now. */
export async function vendorThread(deps: Deps, auth: AuthContext, quoteId: string): Promise<Message[]> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Message');
  return readThread(deps, await threadOfBusiness(deps.database.db, auth, quoteId), 'vendor');
}

/**
 * Refuses (429, on the message) a business's message over the thread's hourly limit, saying when
 * the next one may go. In the write's transaction, the thread locked: messages sent at once are
 * counted one after another.
 */
async function assertUnderThreadLimit(deps: Pick<Deps, 'database' | 'clock'>, trx: Kysely<DB>, quoteId: string): Promise<void> {
  await repo.findThreadForUpdate(trx, quoteId, deps.database.dialect);
  const now = deps.clock.now();
  const { count, oldest } = await repo.vendorMessagesSince(trx, quoteId, now - HOUR_MS);
  if (count < VENDOR_MESSAGES_PER_THREAD_PER_HOUR) return;
  const wait = (oldest ?? now) + HOUR_MS - now;
  const message = `You have sent ${VENDOR_MESSAGES_PER_THREAD_PER_HOUR} messages in this conversation in the last hour. You can write again in ${waitText(wait)}.`;
  throw new AppError(429, 'rate-limited', message, [{ path: 'body', message }], wait / 1000);
}

/** `POST /api/quotes/:id/messages`: the business writes to the couple, on a quote it sent (vendorWriteRefusal says why not otherwise, 409). */
export async function vendorWrite(deps: Deps, auth: AuthContext, quoteId: string, body: string): Promise<Message> {
  ForbiddenError.from(auth.ability).throwUnlessCan('create', 'Message');
  const thread = await threadOfBusiness(deps.database.db, auth, quoteId);
  const refusal = vendorWriteRefusal(thread.quote_status);
  if (refusal) throw new AppError(409, 'conflict', refusal);
  return deps.database.writeTransaction(async (trx) => {
    await assertUnderThreadLimit(deps, trx, thread.quote_id);
    return writeIn(deps, trx, thread, 'vendor', body);
  });
}

/** `GET /api/public/requests/:token/quotes/:quoteId/messages`: the couple's side of the thread; the business's messages are read from now. */
export async function coupleThread(deps: Deps, token: string, quoteId: string): Promise<Message[]> {
  return readThread(deps, await threadOfCouple(deps, token, quoteId), 'customer');
}

/** `POST /api/public/requests/:token/quotes/:quoteId/messages`: the couple writes to the business. */
export async function coupleWrite(deps: Deps, token: string, quoteId: string, body: string): Promise<Message> {
  return write(deps, await threadOfCouple(deps, token, quoteId), 'customer', body);
}

/** The words of a search: letters and digits, lower-cased, at most 8 (so `multi-day` is "multi" and "day", and quotes never reach the query). */
export function searchWords(q: string | undefined): string[] {
  return (q?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

function toSummary(row: MessageThreadRow): ThreadSummary {
  return {
    quoteId: row.quote_id,
    customerName: row.customer_name,
    category: row.category_id,
    eventDate: row.event_date,
    quoteStatus: row.quote_status,
    lastMessage:
      row.last_message_at === null || row.last_sender === null
        ? null
        : { from: row.last_sender, body: row.last_body ?? '', createdAt: Number(row.last_message_at) },
    unread: Number(row.vendor_unread),
  };
}

/** `GET /api/messages/threads?q&cursor&limit`: the inbox, unread first, then by last message; `q` searches the couple's names and the text. */
export async function listThreads(deps: Deps, auth: AuthContext, query: ThreadsQuery): Promise<{ data: ThreadSummary[]; nextCursor: string | null }> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Message');
  const db = deps.database.db;
  const list = query.q ? `threads-${query.q}` : 'threads';
  let after: repo.InboxPosition | null = null;
  if (query.cursor) {
    const position = decodePageCursor(deps.links, list, query.cursor);
    const [flag, quoteId] = [position.id.slice(0, 1), position.id.slice(2)];
    after = { unread: flag === '1' ? 1 : 0, at: position.createdAt, quoteId };
  }
  const words = searchWords(query.q);
  const quoteIds = query.q ? await repo.searchThreads(db, auth.vendorId, words, SEARCH_LIMIT) : undefined;
  const rows = await repo.inboxPage(db, auth.vendorId, { after, limit: query.limit, ...(quoteIds ? { quoteIds } : {}) });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map(toSummary),
    nextCursor:
      rows.length > query.limit && last
        ? encodePageCursor(deps.links, list, { createdAt: Number(last.last_message_at), id: `${Number(last.has_unread) > 0 ? 1 : 0}:${last.quote_id}` })
        : null,
  };
}

/** `GET /api/messages/unread`: the couple's messages nobody in the business has read (the menu's badge). */
export async function unreadMessages(deps: Deps, auth: AuthContext): Promise<{ unread: number }> {
  ForbiddenError.from(auth.ability).throwUnlessCan('read', 'Message');
  return { unread: await repo.unreadTotal(deps.database.db, auth.vendorId) };
}
