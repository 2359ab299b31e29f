import { ForbiddenError } from '@casl/ability';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { Logger } from '../logger';
import { AppError } from './app-error';
import { problem, sendProblem } from './problem';

/** Zod issues as `{ path, message }`, the path dotted from the body's root. */
export function zodFieldErrors(error: ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

interface HttpError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/** A database back within seconds (a restart, a failover) is tried again this soon. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Unknown API paths: a 404 problem, never the client's HTML. */
export const apiNotFound: RequestHandler = (req, res) => {
  sendProblem(res, problem(404, 'not-found', `No API endpoint ${req.method} ${req.originalUrl.split('?')[0]}`));
};

/**
 * Maps every error to problem+json: ZodError → 400 with field errors, CASL ForbiddenError →
 * 403, AppError → its status, body-parser errors → their 4xx, the database away or busy → 503
 * with Retry-After, anything else → 500 with a generic body and a log line (never a stack trace
 * to the client).
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof ZodError) {
      return sendProblem(res, problem(400, 'validation-failed', 'The request is not valid.', zodFieldErrors(error)));
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      return sendProblem(res, problem(error.status, error.code, error.message, error.errors));
    }
    if (error instanceof ForbiddenError) return sendProblem(res, problem(403, 'forbidden', error.message));
    const http = error as HttpError;
    const status = http.status ?? http.statusCode;
    if (status && status >= 400 && status < 500) {
      if (http.type === 'entity.too.large') return sendProblem(res, problem(413, 'payload-too-large', 'The request body is too large.'));
      if (http.type === 'entity.parse.failed') {
        return sendProblem(res, problem(400, 'validation-failed', 'The request body is not valid JSON.'));
      }
      return sendProblem(res, problem(status, 'validation-failed', 'The request could not be processed.'));
    }
    if (isDatabaseUnavailable(error)) {
      // Not the request's fault and not a bug: the client may try again (docs/operators.md).
      logger.error('database unavailable', { method: req.method, path: req.path, error: error instanceof Error ? error.message : String(error) });
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendProblem(res, problem(503, 'unavailable', 'The service cannot reach its database right now. Please try again in a moment.'));
    }
    logger.error('unhandled error', { method: req.method, path: req.path, error: error instanceof Error ? error.stack : String(error) });
    return sendProblem(res, problem(500, 'internal', 'Something went wrong on our side. Please try again.'));
  };
}
