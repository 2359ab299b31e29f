import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { ErrorCode, FieldError, Problem } from '../../../shared/contracts/problem';

/** Builds an RFC 9457 problem document. */
export function problem(status: number, code: ErrorCode, detail: string, errors?: FieldError[]): Problem {
  return {
    type: `/problems/${code}`,
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    code,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}

/** Writes a problem as `application/problem+json` on a plain Node response. */
export function sendProblem(res: ServerResponse, body: Problem): void {
  const json = JSON.stringify(body);
  res.statusCode = body.status;
  res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.setHeader('Cache-Control', 'no-store');
  res.end(json);
}
