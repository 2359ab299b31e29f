import { createHmac } from 'node:crypto';
import type { Router } from 'express';
import type { CoreDeps } from '../core/deps';
import type { ConfigSnapshot } from '../config';
import type { JobRunner } from '../core/jobs/job-runner';
import { defineBillingJobs } from './billing.jobs';
import { billingRouter, billingWebhookRouter } from './billing.router';
import type { BillingDeps } from './billing.deps';
import { receiveWebhook } from './billing.webhooks';
import { AppError } from '../core/http/app-error';
import { createSandboxProvider, defineSandboxJobs, SANDBOX_SIGNATURE_HEADER, type SandboxProvider, type WebhookDelivery } from './sandbox/sandbox-provider';
import { sandboxRouter } from './sandbox/sandbox.router';

export interface BillingSettings {
  /**
   * Where the provider sends its webhooks: billing's own `/api/billing/webhooks` over HTTP (the
   * server knows its address once it listens), or null to hand them to the same code in-process
   * (tests without a listening server).
   */
  webhookUrl?: () => string | null;
}

export interface Billing {
  deps: BillingDeps;
  /** `/api/billing` (after the JSON parser). */
  router: Router;
  /** `/api/billing/webhooks` (before the JSON parser: it reads the raw body). */
  webhooks: Router;
  /** The provider's own routes (the sandbox's tokenisation), or null for a hosted provider. */
  providerRouter: Router | null;
  /** The sandbox's tokenisation, the browser's step before `PUT /api/billing/payment-method`: the demo's test card goes through it. */
  tokenise: SandboxProvider['tokenise'];
}

/**
 * Builds billing on the built-in sandbox provider, its webhook secret derived from the server's
 * secret (docs/billing.md). A hosted provider would be chosen here by configuration; nothing
 * else in the module would change.
 */
export function createBilling(
  core: CoreDeps & { schemas: () => ConfigSnapshot; jobs: JobRunner; secret: Uint8Array },
  settings: BillingSettings = {},
): Billing {
  const webhookSecret = createHmac('sha256', core.secret).update('vowly sandbox webhooks v1').digest('base64url');
  const provider = createSandboxProvider({ database: core.database, clock: core.clock, jobs: core.jobs, webhookSecret });
  const deps: BillingDeps = { ...core, provider };
  const deliver: WebhookDelivery = async (rawBody, signature) => {
    const url = settings.webhookUrl?.() ?? null;
    if (url) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        body: rawBody,
        signal: AbortSignal.timeout(10_000),
      });
      return response.status;
    }
    try {
      await receiveWebhook(deps, Buffer.from(rawBody), signature);
      return 200;
    } catch (error) {
      if (error instanceof AppError) return error.status;
      throw error;
    }
  };
  defineBillingJobs(core.jobs, deps);
  defineSandboxJobs(core.jobs, { clock: core.clock, logger: core.logger, webhookSecret, deliver });
  return {
    deps,
    router: billingRouter(deps),
    webhooks: billingWebhookRouter(deps),
    providerRouter: sandboxRouter(provider),
    tokenise: (card) => provider.tokenise(card),
  };
}
