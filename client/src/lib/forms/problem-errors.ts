import type { Problem } from '../../../../shared/contracts/problem';
import { RequestError } from '../api/fetch-json';

/** A failed request split for a form: the errors that belong to its fields, and the message for above it. */
export interface ServerErrors {
  /** Field path ("a.b") → the server's message. */
  fields: { path: string; message: string }[];
  /** The problem's detail when some error belongs to no field, or a network message; null otherwise. */
  message: string | null;
}

/**
 * Splits a failed request's problem document (null when it sent none) into field errors (only
 * `fieldNames`, when given) and a message; `answered` false: no answer came at all.
 */
export function problemErrors(problem: Problem | null, answered: boolean, fieldNames?: readonly string[]): ServerErrors {
  if (!problem) {
    const message = answered ? 'Something went wrong. Please try again.' : 'We could not reach the server. Check your connection and try again.';
    return { fields: [], message };
  }
  const known = fieldNames ? new Set(fieldNames) : null;
  const fields = (problem.errors ?? []).filter((e) => e.path && (!known || known.has(e.path))).map(({ path, message }) => ({ path, message }));
  const unplaced = (problem.errors ?? []).length - fields.length;
  return { fields, message: fields.length === 0 || unplaced > 0 ? (problem.detail ?? problem.title) : null };
}

/** `problemErrors` of a failure of the fetch path (lib/api/fetch-json.ts); any other error is "Something went wrong". */
export function requestErrors(error: unknown, fieldNames?: readonly string[]): ServerErrors {
  return error instanceof RequestError ? problemErrors(error.problem, error.status !== null, fieldNames) : problemErrors(null, true, fieldNames);
}
