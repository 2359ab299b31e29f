import { Router, type RequestHandler } from 'express';
import { contactBodySchema, type ContactBody } from '../../shared/contracts/support';
import type { CoreDeps } from '../core/deps';
import { limiter } from '../core/http/rate-limits';
import { authOf, requireAuth } from '../core/http/require-auth';
import { contactSupport } from './support.service';
import { HOUR_MS } from '../../shared/time/durations';

/** Messages one person may send support in an hour: enough to add to a first message, too few to flood the inbox. */
export const DEFAULT_CONTACTS_PER_USER_PER_HOUR = 5;

declare module '../core/http/rate-limits' {
  interface RateLimitSettings {
    /** Messages to support one signed-in user may send per hour (default 5). */
    contactsPerUser?: number;
  }
}

/** Parses the body before the limit, so a refused message (a 400) does not use up one of the sender's messages. */
const contactBody: RequestHandler = (req, res, next) => {
  res.locals.contact = contactBodySchema.parse(req.body);
  next();
};

/** Contact support (README: Contact support): any team member, bearer auth. */
export function supportRouter(deps: CoreDeps): Router {
  const router = Router();
  const perUser = limiter(deps.limits.contactsPerUser ?? DEFAULT_CONTACTS_PER_USER_PER_HOUR, HOUR_MS, (_req, res) => `contact-user:${authOf(res).userId}`, {
    counters: deps.limits.counters,
  });
  router.post('/api/contact', requireAuth(deps), contactBody, perUser, async (_req, res) => {
    res.status(202).json({ data: await contactSupport(deps, authOf(res), res.locals.contact as ContactBody) });
  });
  return router;
}
