/** The message for an icon size that is neither a number nor a number followed by `x`. */
export const INVALID_ICON_SIZE_MESSAGE = 'Icon size must be a number or a number followed by x';

const ICON_SIZE = /^\d+(?:\.\d+)?x?$/;

/** True for an icon size such as `14`, `1.5` or `2x` (docs/specification.md §5). */
export function isValidIconSize(value: string | number): boolean {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0;
  return ICON_SIZE.test(value);
}

/** Returns true, or the message. */
export function validateIconSize(value: unknown): true | string {
  return (typeof value === 'string' || typeof value === 'number') && isValidIconSize(value) ? true : INVALID_ICON_SIZE_MESSAGE;
}
