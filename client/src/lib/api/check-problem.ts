import { problemSchema, type Problem } from '../../../../shared/contracts/problem';

/** A refused request's body checked as a problem+json document; null when it is not one. */
export function checkProblem(body: unknown): Problem | null {
  const parsed = problemSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}
