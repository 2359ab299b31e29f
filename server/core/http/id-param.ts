import { z } from 'zod';
import { AppError } from './app-error';

const idParams = z.object({ id: z.uuid() });

/**
 * The `:id` of a route whose records have uuid ids: anything else (a made-up id, a path
 * traversal, an integer) names no record, so it is the same 404 an unknown id gets.
 */
export function idParam(params: unknown, what: string): string {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw new AppError(404, 'not-found', `No ${what} with that id.`);
  return parsed.data.id;
}
