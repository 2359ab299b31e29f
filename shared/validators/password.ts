/** Shortest password accepted (NIST SP 800-63B). */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted; long passphrases are welcome. */
export const PASSWORD_MAX_LENGTH = 256;

/** Client-side length check with the server's message; the server also refuses common passwords. */
export function validatePasswordLength(value: string): true | string {
  if (value.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (value.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  return true;
}
