import { Router } from 'express';
import { postMessageBodySchema, threadsQuerySchema } from '../../shared/contracts/messages';
import type { CoreDeps } from '../core/deps';
import { idParam } from '../core/http/id-param';
import { bodyFirst } from '../core/http/body-first';
import { byIp, limiter, perUserPerHour } from '../core/http/rate-limits';
import { authOf, requireAuth } from '../core/http/require-auth';
import { linkOf } from '../requests';
import { messageSnippetsRouter } from './message-snippets.router';
import * as messages from './messages.service';
import { HOUR_MS } from '../../shared/time/durations';

/** Messages a couple may post from one address in an hour. */
export const COUPLE_MESSAGES_PER_HOUR = 120;
/** Messages one person of a business may write in an hour, over all threads (each thread has its own limit: messages.service.ts). */
export const DEFAULT_VENDOR_MESSAGES_PER_USER_PER_HOUR = 300;

declare module '../core/http/rate-limits' {
  interface RateLimitSettings {
    /** Messages one signed-in user may write to couples per hour (default 300). */
    vendorMessagesPerUser?: number;
  }
}

/**
 * A quote's thread from both sides (docs/marketplace.md: Messages): the business's team through its quote
 * pages and inbox, the couple through the signed link mailed to them; and the business's quick replies.
 */
export function messagesRouter(deps: CoreDeps): Router {
  const router = Router();
  const auth = requireAuth(deps);
  const vendorMessagesPerUser = perUserPerHour(
    'vendor-message',
    deps.limits.vendorMessagesPerUser ?? DEFAULT_VENDOR_MESSAGES_PER_USER_PER_HOUR,
    deps.limits.counters,
  );
  router.get('/api/messages/threads', auth, async (req, res) => {
    res.json(await messages.listThreads(deps, authOf(res), threadsQuerySchema.parse(req.query)));
  });
  router.get('/api/messages/unread', auth, async (_req, res) => {
    res.json({ data: await messages.unreadMessages(deps, authOf(res)) });
  });
  router.get('/api/quotes/:id/messages', auth, async (req, res) => {
    res.json({ data: await messages.vendorThread(deps, authOf(res), idParam(req.params, 'quote')) });
  });
  // The body is parsed before the limit: a refused message (a 400) does not use up one of the sender's.
  const vendorMessage = bodyFirst(postMessageBodySchema);
  router.post('/api/quotes/:id/messages', auth, vendorMessage.parse, vendorMessagesPerUser, async (req, res) => {
    const id = idParam(req.params, 'quote');
    res.status(201).json({ data: await messages.vendorWrite(deps, authOf(res), id, vendorMessage.of(res).body) });
  });
  router.get('/api/public/requests/:token/quotes/:quoteId/messages', async (req, res) => {
    const { token, quoteId } = linkOf(req.params);
    res.json({ data: await messages.coupleThread(deps, token, quoteId ?? '') });
  });
  router.post(
    '/api/public/requests/:token/quotes/:quoteId/messages',
    limiter(COUPLE_MESSAGES_PER_HOUR, HOUR_MS, byIp('couple-message'), { counters: deps.limits.counters }),
    async (req, res) => {
      const { token, quoteId } = linkOf(req.params);
      res.status(201).json({ data: await messages.coupleWrite(deps, token, quoteId ?? '', postMessageBodySchema.parse(req.body).body) });
    },
  );
  router.use(messageSnippetsRouter(deps));
  return router;
}
