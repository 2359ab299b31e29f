import { Router } from 'express';
import { createQuoteTemplateBodySchema, quoteTemplateQuerySchema, updateQuoteTemplateBodySchema } from '../../shared/contracts/quote-templates';
import { idParam } from '../core/http/id-param';
import { authOf, requireAuth } from '../core/http/require-auth';
import type { QuotesDeps } from './quotes.deps';
import * as templates from './quote-templates.service';

/** The business's quote templates per category (docs/marketplace.md, Quote templates): list, save, rename or change, delete. */
export function quoteTemplatesRouter(deps: QuotesDeps): Router {
  const router = Router();
  const auth = requireAuth(deps);
  router.get('/api/quote-templates', auth, async (req, res) => {
    const { category } = quoteTemplateQuerySchema.parse(req.query);
    res.json({ data: await templates.listTemplates(deps, authOf(res), category) });
  });
  router.post('/api/quote-templates', auth, async (req, res) => {
    res.status(201).json({ data: await templates.createTemplate(deps, authOf(res), createQuoteTemplateBodySchema.parse(req.body ?? {})) });
  });
  router.patch('/api/quote-templates/:id', auth, async (req, res) => {
    const id = idParam(req.params, 'quote template');
    res.json({ data: await templates.updateTemplate(deps, authOf(res), id, updateQuoteTemplateBodySchema.parse(req.body ?? {})) });
  });
  router.delete('/api/quote-templates/:id', auth, async (req, res) => {
    await templates.deleteTemplate(deps, authOf(res), idParam(req.params, 'quote template'));
    res.status(204).end();
  });
  return router;
}
