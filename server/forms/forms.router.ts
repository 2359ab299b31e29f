import { Router } from 'express';
import { z } from 'zod';
import { nameSchema } from '../../shared/contracts/route';
import { authOf, requireAuth } from '../core/http/require-auth';
import * as forms from './forms.service';

const params = z.object({ formId: nameSchema });
const serviceParams = z.object({ categoryId: nameSchema });
const formBody = z.record(z.string(), z.unknown(), { error: 'Send the form data as a JSON object' });

/** The vendor's form data: list with states, read, and save (validated with the form's own schema); removing a service. */
export function formsRouter(deps: forms.FormsDeps): Router {
  const router = Router();
  const auth = requireAuth(deps);

  router.get('/api/vendor/forms', auth, async (_req, res) => {
    res.json({ data: await forms.listForms(deps, authOf(res)) });
  });

  router.get('/api/vendor/forms/:formId', auth, async (req, res) => {
    const { formId } = params.parse(req.params);
    res.json(await forms.getFormData(deps, authOf(res), formId));
  });

  router.put('/api/vendor/forms/:formId', auth, async (req, res) => {
    const { formId } = params.parse(req.params);
    const data = formBody.parse(req.body);
    res.json({ data: await forms.saveForm(deps, authOf(res), formId, data) });
  });

  router.delete('/api/vendor/services/:categoryId', auth, async (req, res) => {
    const { categoryId } = serviceParams.parse(req.params);
    res.json({ data: await forms.removeService(deps, authOf(res), categoryId) });
  });

  return router;
}
