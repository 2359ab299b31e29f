import { isAxiosError } from 'axios';
import type { FormInstance } from 'antd';
import { problemSchema, type Problem } from '../../../../shared/contracts/problem';

/** The problem+json document of a failed request, or null (network error, other body). */
export function problemOf(error: unknown): Problem | null {
  if (!isAxiosError(error)) return null;
  const parsed = problemSchema.safeParse(error.response?.data);
  return parsed.success ? parsed.data : null;
}

/** A failed request split for a form: the errors that belong to its fields, and the message for above it. */
export interface ServerErrors {
  /** Field path ("a.b") → the server's message. */
  fields: { path: string; message: string }[];
  /** The problem's detail when some error belongs to no field, or a network message; null otherwise. */
  message: string | null;
}

/** Splits a failed request's problem+json into field errors (only `fieldNames`, when given) and a message. */
export function serverErrors(error: unknown, fieldNames?: readonly string[]): ServerErrors {
  const problem = problemOf(error);
  if (!problem) {
    const message = isAxiosError(error) && !error.response ? 'We could not reach the server. Check your connection and try again.' : 'Something went wrong. Please try again.';
    return { fields: [], message };
  }
  const known = fieldNames ? new Set(fieldNames) : null;
  const fields = (problem.errors ?? []).filter((e) => e.path && (!known || known.has(e.path))).map(({ path, message }) => ({ path, message }));
  const unplaced = (problem.errors ?? []).length - fields.length;
  return { fields, message: fields.length === 0 || unplaced > 0 ? (problem.detail ?? problem.title) : null };
}

/**
 * Puts the server's field errors onto an antd form's fields. Returns the message to show above
 * the form: the problem's detail when no field took an error, or a network message.
 */
export function applyServerErrors(form: FormInstance, error: unknown, fieldNames?: readonly string[]): string | null {
  const { fields, message } = serverErrors(error, fieldNames);
  if (fields.length > 0) form.setFields(fields.map((e) => ({ name: e.path.split('.'), errors: [e.message] })));
  return message;
}
