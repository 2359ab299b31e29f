import { z } from 'zod';

/**
 * The live events of `GET /api/events` (PRODUCT.md §4): each SSE message has an `id:` (grows
 * within a business), an `event:` below and a JSON `data:` naming the ids; the client reads what
 * changed through the API. `billing.status-changed` is one more than the contract's five: the
 * guard runs again when a renewal fails while the vendor is on a page.
 */
export const liveEventDataSchemas = {
  'quote.created': z.object({ quoteId: z.string() }),
  'quote.updated': z.object({ quoteId: z.string(), status: z.string() }),
  'message.created': z.object({ quoteId: z.string(), messageId: z.string(), from: z.enum(['vendor', 'customer']) }),
  'messages.read': z.object({ quoteId: z.string(), reader: z.enum(['vendor', 'customer']) }),
  'review.created': z.object({ reviewId: z.string(), quoteId: z.string() }),
  'credits.changed': z.object({ balance: z.number().int() }),
  'billing.status-changed': z.object({ status: z.string() }),
} as const;

export type LiveEventName = keyof typeof liveEventDataSchemas;
export type LiveEventData<K extends LiveEventName> = z.infer<(typeof liveEventDataSchemas)[K]>;

/** One event as the client hands it around (and relays between tabs). */
export type LiveEvent = { [K in LiveEventName]: { id: string; name: K; data: LiveEventData<K> } }[LiveEventName];

export const LIVE_EVENT_NAMES = Object.keys(liveEventDataSchemas) as LiveEventName[];

export function isLiveEventName(name: string): name is LiveEventName {
  return Object.hasOwn(liveEventDataSchemas, name);
}

/** Checks one SSE message's name and data: null when the name is unknown or the data does not fit. */
export function parseLiveEvent(id: string, name: string, data: string): LiveEvent | null {
  if (!isLiveEventName(name)) return null;
  try {
    const parsed = liveEventDataSchemas[name].safeParse(JSON.parse(data));
    return parsed.success ? ({ id, name, data: parsed.data } as LiveEvent) : null;
  } catch {
    return null;
  }
}
