import { z } from 'zod';
import type { SignedLinks } from '../signed-links';
import { AppError } from './app-error';

/** Where a page of a newest-first list stopped: the last row's time and id. */
export interface PagePosition {
  createdAt: number;
  id: string;
}

const positionSchema = z.object({ t: z.number().int(), i: z.string().min(1).max(100) });

/**
 * An opaque cursor for the page after `position` (any JSON value), signed for `list` so it cannot be
 * forged or reused on another list.
 */
export function encodeCursor(links: SignedLinks, list: string, position: unknown): string {
  return links.sign(`${list}-page`, Buffer.from(JSON.stringify(position)).toString('base64url'));
}

/** The position a cursor of `list` stands for, as `schema` reads it; anything else is a 400 naming `cursor`, never a wrong page. */
export function decodeCursor<S extends z.ZodType>(links: SignedLinks, list: string, cursor: string, schema: S): z.output<S> {
  const payload = links.verify(`${list}-page`, cursor);
  const parsed = payload === null ? null : schema.safeParse(parseJson(Buffer.from(payload, 'base64url').toString('utf8')));
  if (!parsed?.success) {
    throw new AppError(400, 'validation-failed', 'This page link is not valid. Start again from the first page.', [
      { path: 'cursor', message: 'Not a page of this list' },
    ]);
  }
  return parsed.data;
}

/** The cursor of a newest-first list for the page after `position`. */
export function encodePageCursor(links: SignedLinks, list: string, position: PagePosition): string {
  return encodeCursor(links, list, { t: position.createdAt, i: position.id });
}

/** The position a cursor of a newest-first list stands for. */
export function decodePageCursor(links: SignedLinks, list: string, cursor: string): PagePosition {
  const { t, i } = decodeCursor(links, list, cursor, positionSchema);
  return { createdAt: t, id: i };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
