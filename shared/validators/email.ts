/** The message of the seed's email validator (docs/specification.md §5). */
export const INVALID_EMAIL_MESSAGE = 'Invalid email address';

/**
 * Local part, `@`, a domain and a top-level part of 2 to 24 letters. The local part holds none of
 * the characters a mail library reads as address syntax (`,` and `;` separate addresses, `:`
 * starts a group, `<>` `"` `()` `[]` `\` quote, comment or bracket one), no space and no control
 * character: an address is always exactly one mailbox, whoever parses it.
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is this pattern's job
export const EMAIL_PATTERN = /^[^\s@,;:<>"()[\]\\\x00-\x1f\x7f-\x9f]+@(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?\.)+[a-zA-Z]{2,24}$/;

/** True for one mailbox: a local part without address syntax, `@`, a domain and a top-level part of 2 to 24 letters. */
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** Returns true, or the seed's message. Empty values are left to a `required` rule. */
export function validateEmail(value: unknown): true | string {
  if (value === undefined || value === null || value === '') return true;
  return typeof value === 'string' && isValidEmail(value) ? true : INVALID_EMAIL_MESSAGE;
}
