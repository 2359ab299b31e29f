import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/validators/password';
import { AppError } from '../core/http/app-error';

const common = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/**
 * NIST SP 800-63B: length 8 to 256, no composition rules, refuse passwords from breach lists and
 * ones built from the account's own email. Returns the message to show, or null when acceptable.
 */
export function passwordProblem(password: string, context: { email?: string } = {}): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  const lower = password.toLowerCase();
  if (common.has(lower)) return 'This password is too common. Choose one that is harder to guess.';
  const local = context.email?.split('@')[0]?.toLowerCase();
  if (context.email && (lower === context.email.toLowerCase() || (local && local.length >= 4 && lower.includes(local)))) {
    return 'Do not use your email address in your password.';
  }
  return null;
}

/** The 400 of a password `passwordProblem` refused, on the field at `path`. */
export function weakPassword(message: string, path = 'password'): AppError {
  return new AppError(400, 'validation-failed', 'Choose a stronger password.', [{ path, message }]);
}
