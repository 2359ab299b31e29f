import express, { Router } from 'express';
import { z } from 'zod';
import {
  creditPurchaseBodySchema,
  invoiceListQuerySchema,
  paymentMethodBodySchema,
  planChangeQuerySchema,
  subscriptionBodySchema,
} from '../../shared/contracts/billing';
import { AppError } from '../core/http/app-error';
import { idempotent } from '../core/http/idempotency';
import { authOf, requireAuth } from '../core/http/require-auth';
import { apiSecurityHeaders, noStore } from '../core/http/security-headers';
import { getBilling, getInvoice, listInvoices, previewPlanChange } from './billing-reads';
import type { BillingDeps } from './billing.deps';
import { buyCredits, cancelPlan, choosePlan, setPaymentMethod } from './vendor-payments';
import { receiveWebhook } from './billing.webhooks';

function invoiceIdOf(params: unknown): string {
  const parsed = z.object({ id: z.string().regex(/^in_[A-Za-z0-9]{8,64}$/) }).safeParse(params);
  if (!parsed.success) throw new AppError(404, 'not-found', 'No invoice with that id.');
  return parsed.data.id;
}

/**
 * `/api/billing` (docs/billing.md): the owner's plan, card, credit packs and invoices. Every
 * call is the owner's only (a team member gets 403); the ones that may charge take an
 * `Idempotency-Key`, so a retried request never charges twice.
 */
export function billingRouter(deps: BillingDeps): Router {
  const router = Router();
  const auth = requireAuth(deps);
  const once = idempotent(deps);
  router.get('/api/billing', auth, async (_req, res) => {
    res.json({ data: await getBilling(deps, authOf(res)) });
  });
  router.get('/api/billing/plan-change', auth, async (req, res) => {
    res.json({ data: await previewPlanChange(deps, authOf(res), planChangeQuerySchema.parse(req.query).planId) });
  });
  router.put('/api/billing/payment-method', auth, once, async (req, res) => {
    res.json({ data: await setPaymentMethod(deps, authOf(res), paymentMethodBodySchema.parse(req.body).paymentMethodId) });
  });
  router.post('/api/billing/subscription', auth, once, async (req, res) => {
    res.json({ data: await choosePlan(deps, authOf(res), subscriptionBodySchema.parse(req.body).planId, req.get('Idempotency-Key') ?? null) });
  });
  router.delete('/api/billing/subscription', auth, once, async (_req, res) => {
    res.json({ data: await cancelPlan(deps, authOf(res)) });
  });
  router.post('/api/billing/credit-purchases', auth, once, async (req, res) => {
    res.status(201).json({ data: await buyCredits(deps, authOf(res), creditPurchaseBodySchema.parse(req.body).packId, req.get('Idempotency-Key') ?? null) });
  });
  router.get('/api/billing/invoices', auth, async (req, res) => {
    res.json(await listInvoices(deps, authOf(res), invoiceListQuerySchema.parse(req.query)));
  });
  router.get('/api/billing/invoices/:id', auth, async (req, res) => {
    res.json({ data: await getInvoice(deps, authOf(res), invoiceIdOf(req.params)) });
  });
  return router;
}

/**
 * `POST /api/billing/webhooks`: the payment provider's events. Mounted before the API's JSON
 * parser: the signature is an HMAC of the body's exact bytes.
 */
export function billingWebhookRouter(deps: BillingDeps): Router {
  const router = Router();
  router.post('/api/billing/webhooks', apiSecurityHeaders, noStore, express.raw({ type: () => true, limit: '64kb' }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.json(await receiveWebhook(deps, body, req.get(deps.provider.webhookSignatureHeader)));
  });
  return router;
}
