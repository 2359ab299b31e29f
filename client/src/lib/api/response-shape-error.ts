import type { z } from 'zod';

const SHOWN_ISSUES = 3;

function describe(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues.slice(0, SHOWN_ISSUES).map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(body)'}: ${issue.message}`);
  const more = issues.length > SHOWN_ISSUES ? `; and ${issues.length - SHOWN_ISSUES} more` : '';
  return `${shown.join('; ')}${more}`;
}

/**
 * The server answered 2xx with a body its contract does not allow: a bug on one side, reported
 * with the request and the first mismatches instead of surfacing later as a crash in a component.
 */
export class ResponseShapeError extends Error {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(`${method} ${url} answered with an unexpected shape: ${describe(issues)}`);
    this.name = 'ResponseShapeError';
  }
}

/** Checks an answer's body with its schema; a mismatch is a ResponseShapeError naming the request. */
export function parseResponse<S extends z.ZodType>(schema: S, body: unknown, method: string, url: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ResponseShapeError(method.toUpperCase(), url, parsed.error.issues);
  return parsed.data;
}
