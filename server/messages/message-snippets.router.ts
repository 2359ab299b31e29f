import { Router } from 'express';
import { messageSnippetBodySchema } from '../../shared/contracts/messages';
import type { CoreDeps } from '../core/deps';
import { idParam } from '../core/http/id-param';
import { authOf, requireAuth } from '../core/http/require-auth';
import * as snippets from './message-snippets.service';

/** A quick reply's id from the path: anything that is not one is "no such quick reply", like another business's. */
/** The business's quick replies (docs/marketplace.md: Messages): its team reads them, those who edit settings keep them. */
export function messageSnippetsRouter(deps: CoreDeps): Router {
  const router = Router();
  const auth = requireAuth(deps);
  router.get('/api/message-snippets', auth, async (_req, res) => {
    res.json({ data: await snippets.listSnippets(deps, authOf(res)) });
  });
  router.post('/api/message-snippets', auth, async (req, res) => {
    res.status(201).json({ data: await snippets.createSnippet(deps, authOf(res), messageSnippetBodySchema.parse(req.body ?? {})) });
  });
  router.put('/api/message-snippets/:id', auth, async (req, res) => {
    const id = idParam(req.params, 'quick reply');
    res.json({ data: await snippets.updateSnippet(deps, authOf(res), id, messageSnippetBodySchema.parse(req.body ?? {})) });
  });
  router.delete('/api/message-snippets/:id', auth, async (req, res) => {
    await snippets.deleteSnippet(deps, authOf(res), idParam(req.params, 'quick reply'));
    res.status(204).end();
  });
  return router;
}
