import { Router } from 'express';
import { contactBodySchema } from '../../shared/contracts/support';
import type { CoreDeps } from '../core/deps';
import { bodyFirst } from '../core/http/body-first';
import { perUserPerHour } from '../core/http/rate-limits';
import { authOf, requireAuth } from '../core/http/require-auth';
import { contactSupport } from './support.service';

/** Messages one person may send support in an hour: enough to add to a first message, too few to flood the inbox. */
export const DEFAULT_CONTACTS_PER_USER_PER_HOUR = 5;

declare module '../core/http/rate-limits' {
  interface RateLimitSettings {
    /** Messages to support one signed-in user may send per hour (default 5). */
    contactsPerUser?: number;
  }
}

/** Parsed before the limit: a refused message (a 400) does not use up one of the sender's. */
const contactBody = bodyFirst(contactBodySchema);

/** Contact support (docs/marketplace.md: Contact support): any team member, bearer auth. */
export function supportRouter(deps: CoreDeps): Router {
  const router = Router();
  const perUser = perUserPerHour('contact', deps.limits.contactsPerUser ?? DEFAULT_CONTACTS_PER_USER_PER_HOUR, deps.limits.counters);
  router.post('/api/contact', requireAuth(deps), contactBody.parse, perUser, async (_req, res) => {
    res.status(202).json({ data: await contactSupport(deps, authOf(res), contactBody.of(res)) });
  });
  return router;
}
