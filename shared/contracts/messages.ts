import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { quoteStatusSchema } from './marketplace';
import { isSingleLine, SINGLE_LINE_MESSAGE } from '../validators/single-line';

/** The longest message either side may write. */
export const MESSAGE_MAX_LENGTH = 10_000;

/** `POST /api/quotes/:id/messages` and the couple's `POST /api/public/requests/:token/quotes/:quoteId/messages`. */
export const postMessageBodySchema = z.strictObject({
  body: z
    .string({ error: 'Write a message' })
    .trim()
    .min(1, 'Write a message')
    .max(MESSAGE_MAX_LENGTH, `Use at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`),
});
export type PostMessageBody = z.infer<typeof postMessageBodySchema>;

/** One message of a quote's thread (PRODUCT.md §4): text only, never HTML. `readAt`: when the other side read it. */
export const messageSchema = z.object({
  id: z.string(),
  from: z.enum(['vendor', 'customer']),
  body: z.string(),
  /** Written by the business's auto-response, not by a person. */
  automatic: z.boolean(),
  createdAt: z.number(),
  readAt: z.number().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const threadResponseSchema = envelopeSchema(z.array(messageSchema));

/** One thread of the business's inbox: the couple, the quote it belongs to, its last message and what the team has not read. */
export const threadSummarySchema = z.object({
  quoteId: z.string(),
  customerName: z.string(),
  category: z.string(),
  eventDate: z.string(),
  quoteStatus: quoteStatusSchema,
  lastMessage: z.object({ from: z.enum(['vendor', 'customer']), body: z.string(), createdAt: z.number() }).nullable(),
  unread: z.number().int(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

/** `GET /api/messages/threads?q&cursor&limit`. */
export const threadsQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search with at most 200 characters').optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ThreadsQuery = z.infer<typeof threadsQuerySchema>;

export const threadsResponseSchema = envelopeSchema(z.array(threadSummarySchema), { nextCursor: z.string().nullable() });

/** `GET /api/messages/unread`: messages from couples nobody in the business has read (the menu's badge). */
export const unreadMessagesSchema = z.object({ unread: z.number().int() });

/** The longest name of a quick reply (what the vendor picks it by). */
export const SNIPPET_TITLE_MAX_LENGTH = 60;
/** The longest text of a quick reply. */
export const SNIPPET_BODY_MAX_LENGTH = 2_000;
/** The most quick replies a business keeps. */
export const SNIPPETS_PER_BUSINESS = 50;

/** `POST /api/message-snippets` and `PUT /api/message-snippets/:id`: a quick reply's name and text. */
export const messageSnippetBodySchema = z.strictObject({
  title: z
    .string({ error: 'Name this quick reply' })
    .trim()
    .min(1, 'Name this quick reply')
    .max(SNIPPET_TITLE_MAX_LENGTH, `Use at most ${SNIPPET_TITLE_MAX_LENGTH} characters`)
    .refine(isSingleLine, SINGLE_LINE_MESSAGE),
  body: z
    .string({ error: 'Write the reply' })
    .trim()
    .min(1, 'Write the reply')
    .max(SNIPPET_BODY_MAX_LENGTH, `Use at most ${SNIPPET_BODY_MAX_LENGTH.toLocaleString('en-US')} characters`),
});
export type MessageSnippetBody = z.infer<typeof messageSnippetBodySchema>;

/** A business's quick reply (docs/marketplace.md: Messages): a saved text its team puts in a message in one click. */
export const messageSnippetSchema = z.object({ id: z.string(), title: z.string(), body: z.string() });
export type MessageSnippet = z.infer<typeof messageSnippetSchema>;

/** `GET /api/message-snippets`: the business's quick replies, in the order they were added. */
export const messageSnippetsResponseSchema = envelopeSchema(z.array(messageSnippetSchema));
