import type { ErrorCode, FieldError } from '../../../shared/contracts/problem';

/** The one error type services throw; the error middleware renders it as problem+json. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    /** Seconds after which trying again may succeed (429, 503): sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
