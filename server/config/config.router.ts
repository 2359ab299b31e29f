import { Router } from 'express';
import { z } from 'zod';
import { navigationRequestSchema } from '../../shared/contracts/navigation';
import { nameSchema } from '../../shared/contracts/route';
import { createValidatorModules } from './form-validator-module';
import { AppError } from '../core/http/app-error';
import { writePrecomputed } from '../core/http/precomputed-response';
import type { ConfigSnapshot } from './schema-store/snapshot';
import { navigate } from './navigation.service';

const formParams = z.object({ formId: nameSchema });

/**
 * `POST /api/config/navigation` and each form's precompiled validator module; the other config
 * GETs are served by the fast path in front of Express.
 */
export function configRouter(current: () => ConfigSnapshot): Router {
  const router = Router();
  const validatorModule = createValidatorModules();

  router.get('/forms/:formId/validator.js', async (req, res) => {
    const { formId } = formParams.parse(req.params);
    const form = current().config.forms.get(formId);
    if (!form) throw new AppError(404, 'not-found', `No form with id "${formId}"`);
    writePrecomputed(req, res, await validatorModule(form.payload.schema), [], 'text/javascript; charset=utf-8');
  });

  router.post('/navigation', (req, res) => {
    const request = navigationRequestSchema.parse(req.body ?? null);
    res.json(navigate(current(), request));
  });
  return router;
}
