/**
 * Characters a name may not hold: control characters (C0, DEL, C1; line breaks among them), the
 * Unicode line and paragraph separators, and the bidirectional overrides and isolates. Each would
 * break a name out of its line in a mail or reorder the text around it on screen.
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is this pattern's job
export const SINGLE_LINE_PATTERN = /^[^\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]*$/;

/** The message when a name holds one of them. */
export const SINGLE_LINE_MESSAGE = 'Use one line of text, without line breaks or control characters';

/** True when `value` is text on one line: none of the characters of SINGLE_LINE_PATTERN. */
export function isSingleLine(value: string): boolean {
  return SINGLE_LINE_PATTERN.test(value);
}
