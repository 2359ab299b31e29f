/**
 * A reason the server cannot start that the operator can fix (a bad file, a folder it cannot
 * write): printed as its message alone, without a stack.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

/** `EACCES: permission denied` from a Node error, for a StartupError's message. */
export function describeCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  const message = error.message.replace(/^[A-Z_]+: /, '');
  return code && !message.startsWith(code) ? `${code}: ${message}` : message;
}
