/** The message of the seed's URL validator (docs/specification.md §5). */
export const INVALID_URL_MESSAGE = 'Invalid URL';

/** `http://` or `https://`, a domain and a top-level part of 2 to 63 letters. */
export const URL_PATTERN = /^https?:\/\/(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}(?::\d{1,5})?(?:[/?#][^\s]*)?$/;

/** True for `http://` or `https://`, a domain and a top-level part of 2 to 63 letters. */
export function isValidUrl(value: string): boolean {
  return URL_PATTERN.test(value);
}

/** Returns true, or the seed's message. Empty values are left to a `required` rule. */
export function validateUrl(value: unknown): true | string {
  if (value === undefined || value === null || value === '') return true;
  return typeof value === 'string' && isValidUrl(value) ? true : INVALID_URL_MESSAGE;
}
