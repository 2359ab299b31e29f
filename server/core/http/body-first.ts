import type { RequestHandler, Response } from 'express';
import type { z } from 'zod';

let bodies = 0;

/**
 * A body parsed with `schema` before what follows it on the route (a rate limit), so a refused
 * body (a 400 naming its field) uses up none of the sender's allowance: `parse` is the middleware,
 * `of(res)` the parsed body in the handler.
 */
export function bodyFirst<S extends z.ZodType>(schema: S): { parse: RequestHandler; of: (res: Response) => z.output<S> } {
  const key = `parsedBody${String((bodies += 1))}`;
  return {
    parse: (req, res, next) => {
      res.locals[key] = schema.parse(req.body);
      next();
    },
    of: (res) => res.locals[key] as z.output<S>,
  };
}
