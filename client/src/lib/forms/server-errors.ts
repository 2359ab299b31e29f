import { isAxiosError } from 'axios';
import type { FormInstance } from 'antd';
import type { Problem } from '../../../../shared/contracts/problem';
import { checkProblem } from '../api/check-problem';
import { RequestError } from '../api/fetch-json';
import { problemErrors, type ServerErrors } from './problem-errors';

/** The problem+json document of a failed request (axios's or the fetch path's), or null (network error, other body). */
export function problemOf(error: unknown): Problem | null {
  if (error instanceof RequestError) return error.problem;
  if (!isAxiosError(error)) return null;
  return checkProblem(error.response?.data);
}

/** Splits a failed request's problem+json into field errors (only `fieldNames`, when given) and a message. */
export function serverErrors(error: unknown, fieldNames?: readonly string[]): ServerErrors {
  const unanswered = (isAxiosError(error) && !error.response) || (error instanceof RequestError && error.status === null);
  return problemErrors(problemOf(error), !unanswered, fieldNames);
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
