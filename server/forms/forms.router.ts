import { Router } from 'express';
import { z } from 'zod';
import { nameSchema } from '../../shared/contracts/route';
import type { AuthDeps } from '../auth/auth.service';
import { authOf, requireAuth } from '../http/require-auth';
import * as forms from './forms.service';

const params = z.object({ formId: nameSchema });
const formBody = z.record(z.string(), z.unknown(), { error: 'Send the form data as a JSON object' });

/** The vendor's form data: list with states, read, and save (validated with the form's own schema). */
export function formsRouter(deps: forms.FormsDeps & Pick<AuthDeps, 'tokens'>): Router {
  const router = Router();
  const auth = requireAuth(deps);

  router.get('/api/vendor/forms', auth, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: await forms.listForms(deps, authOf(res)) });
  });

  router.get('/api/vendor/forms/:formId', auth, async (req, res) => {
    const { formId } = params.parse(req.params);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await forms.getFormData(deps, authOf(res), formId));
  });

  router.put('/api/vendor/forms/:formId', auth, async (req, res) => {
    const { formId } = params.parse(req.params);
    const data = formBody.parse(req.body);
    res.json({ data: await forms.saveForm(deps, authOf(res), formId, data) });
  });

  return router;
}
