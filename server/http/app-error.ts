import type { ErrorCode, FieldError } from '../../shared/contracts/problem';

/** The one error type services throw; the error middleware renders it as problem+json. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}
