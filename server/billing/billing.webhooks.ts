import type { Kysely } from 'kysely';
import type { DB } from '../core/db/schema';
import { AppError } from '../core/http/app-error';
import * as repo from './billing.repository';
import { BILLING_JOBS, type BillingDeps, type ChargeOutcome, type ChargeTrigger } from './billing.deps';
import { settleInvoice } from './settlement';
import type { WebhookEvent, WebhookRefusal } from './payment-provider';

const REFUSALS: Record<WebhookRefusal, string> = {
  'missing-header': 'The webhook has no signature.',
  'malformed-header': 'The webhook signature header is not well formed.',
  'timestamp-too-old': 'The webhook signature is too old: a replay is refused.',
  'timestamp-in-future': 'The webhook signature is dated in the future.',
  'signature-mismatch': 'The webhook signature does not match its body.',
  'malformed-event': 'The webhook body is not an event billing knows.',
};

export interface WebhookJob {
  eventId: string;
}

/**
 * Receives a provider webhook (docs/billing.md): the signature is checked over the raw body,
 * a forged, changed or replayed delivery is a 400 and changes nothing, and the event is kept by
 * its id and handled by a job, so a second delivery of it is acknowledged and ignored.
 */
export async function receiveWebhook(deps: BillingDeps, rawBody: Buffer, signatureHeader: string | undefined): Promise<{ received: true; duplicate: boolean }> {
  const verification = deps.provider.verifyWebhook({ rawBody, signatureHeader, now: deps.clock.now() });
  if (!verification.ok) throw new AppError(400, 'validation-failed', REFUSALS[verification.reason]);
  const { event } = verification;
  const recorded = await deps.database.writeTransaction(async (trx) => {
    if (!(await repo.recordWebhookEvent(trx, { id: event.id, type: event.type, payload: JSON.stringify(event), now: deps.clock.now() }))) return false;
    await deps.jobs.enqueue(trx, { name: BILLING_JOBS.webhook, payload: { eventId: event.id } satisfies WebhookJob });
    return true;
  });
  return { received: true, duplicate: !recorded };
}

/**
 * Handles a received event: the outcome of the charge it reports is applied to its invoice,
 * unless it was already (the caller of the charge usually got there first). An event about a
 * customer that is not the invoice's business is ignored.
 */
export async function handleWebhookEvent(deps: BillingDeps, job: WebhookJob): Promise<void> {
  const stored = await repo.findWebhookEvent(deps.database.db, job.eventId);
  if (!stored || stored.processed_at !== null) return;
  const event = JSON.parse(stored.payload) as WebhookEvent;
  const { invoiceId, attempt, trigger, cardBrand, cardLast4 } = event.data.metadata;
  const invoice = invoiceId ? await repo.findInvoice(deps.database.db, invoiceId) : undefined;
  if (invoice && attempt && (await belongsTo(deps.database.db, invoice.vendor_id, event.data.customerId))) {
    const outcome: ChargeOutcome =
      event.type === 'invoice.paid'
        ? { status: 'succeeded', chargeId: event.data.chargeId ?? '' }
        : { status: 'failed', chargeId: event.data.chargeId, reason: event.data.failureReason ?? 'processing-error', message: 'The payment failed.' };
    await settleInvoice(deps, invoice.id, Number(attempt), outcome, {
      trigger: (trigger ?? 'vendor') as ChargeTrigger,
      card: { brand: cardBrand ?? '', last4: cardLast4 ?? '' },
    });
  } else {
    deps.logger.warn('billing webhook ignored', {
      eventId: event.id,
      type: event.type,
      reason: invoice ? 'customer is not the invoice business' : 'no such invoice',
    });
  }
  await repo.markWebhookProcessed(deps.database.db, event.id, deps.clock.now());
}

async function belongsTo(db: Kysely<DB>, vendorId: string, customerId: string): Promise<boolean> {
  return (await repo.findAccount(db, vendorId))?.customer_id === customerId;
}
