import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Links a person without an account acts through (a customer's request page, a vendor's
 * calendar feed): `<id>.<signature>`, the signature an HMAC of the id and what the link is for,
 * under a key derived from the server's secret. Nothing is stored; a link changed by one
 * character, or made for another purpose, is no link at all.
 */
export interface SignedLinks {
  /** The token for `id` (an id of URL-safe characters) used for `purpose`. */
  sign(purpose: string, id: string): string;
  /** The id a token was signed for with `purpose`, or null when it was not. */
  verify(purpose: string, token: string): string | null;
}

const ID = /^[A-Za-z0-9_-]{1,200}$/;

export function createSignedLinks(secret: Uint8Array): SignedLinks {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'vowly signed links v1', 32));
  const signature = (purpose: string, id: string) => createHmac('sha256', key).update(`${purpose}\n${id}`).digest('base64url').slice(0, 32);
  return {
    sign(purpose, id) {
      if (!ID.test(id)) throw new Error(`Cannot sign an id of other characters: ${id}`);
      return `${id}.${signature(purpose, id)}`;
    },
    verify(purpose, token) {
      const dot = token.lastIndexOf('.');
      if (dot <= 0 || token.length > 300) return null;
      const id = token.slice(0, dot);
      if (!ID.test(id)) return null;
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(signature(purpose, id));
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}
