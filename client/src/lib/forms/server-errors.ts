import { isAxiosError } from 'axios';
import type { FormInstance } from 'antd';
import { problemSchema, type Problem } from '../../../../shared/contracts/problem';

/** The problem+json document of a failed request, or null (network error, other body). */
export function problemOf(error: unknown): Problem | null {
  if (!isAxiosError(error)) return null;
  const parsed = problemSchema.safeParse(error.response?.data);
  return parsed.success ? parsed.data : null;
}

/**
 * Puts the server's field errors onto the form's fields. Returns the message to show above the
 * form: the problem's detail when no field took an error, or a network message.
 */
export function applyServerErrors(form: FormInstance, error: unknown, fieldNames?: readonly string[]): string | null {
  const problem = problemOf(error);
  if (!problem) return isAxiosError(error) && !error.response ? 'We could not reach the server. Check your connection and try again.' : 'Something went wrong. Please try again.';
  const known = fieldNames ? new Set(fieldNames) : null;
  const fields = (problem.errors ?? []).filter((e) => e.path && (!known || known.has(e.path)));
  if (fields.length > 0) form.setFields(fields.map((e) => ({ name: e.path.split('.'), errors: [e.message] })));
  const unplaced = (problem.errors ?? []).length - fields.length;
  return fields.length === 0 || unplaced > 0 ? (problem.detail ?? problem.title) : null;
}
