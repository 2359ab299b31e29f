import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../core/clock';
import type { Database } from '../../core/db/database';
import type { DB } from '../../core/db/schema';
import { isUniqueViolation } from '../../core/db/unique-violation';
import type { JobQueue, JobRunner } from '../../core/jobs/job-runner';
import type { Logger } from '../../core/logger';
import type {
  AttachPaymentMethodResult,
  CardBrand,
  ChargeFailureReason,
  ChargeResult,
  PaymentProvider,
  RefundResult,
  WebhookEvent,
  WebhookEventType,
  WebhookVerification,
} from '../payment-provider';
import { signWebhook, verifyWebhookSignature } from '../webhook-signature';
import { checkSandboxCard, type CardDetails, type CardRefusal } from './test-cards';

/**
 * The built-in payment provider: Stripe's test mode, played locally. It tokenises cards (the
 * browser calls `POST /sandbox/payment-methods`; billing only ever sees the `pm_…` id), keeps
 * customers, cards and charges in its own tables, answers a repeated idempotency key with the
 * first outcome, and tells billing about every charge with a signed webhook (`invoice.paid`,
 * `invoice.payment_failed`) delivered later by a job, retried until billing acknowledges it.
 */
export interface SandboxProvider extends PaymentProvider {
  /** Tokenisation: checks the card and keeps what may be kept of it; the number and CVC go no further. */
  tokenise(card: CardDetails): Promise<TokeniseResult>;
}

export type TokeniseResult = { ok: true; paymentMethod: { id: string; brand: CardBrand; last4: string } } | { ok: false; reason: CardRefusal; message: string };

/** Sends one signed webhook to billing's endpoint; resolves with the HTTP status it answered. */
export type WebhookDelivery = (rawBody: string, signatureHeader: string) => Promise<number>;

export const SANDBOX_WEBHOOK_JOB = 'sandbox.webhook-delivery';
/** The header the sandbox's webhooks carry their `t=…,v1=…` signature in. */
export const SANDBOX_SIGNATURE_HEADER = 'Sandbox-Signature';
/** Like Stripe, a webhook is retried for a while: 8 attempts from 30 s, doubling. */
const DELIVERY_ATTEMPTS = 8;

interface SandboxDeps {
  database: Database;
  clock: Clock;
  jobs: JobQueue;
  /** The secret webhooks are signed with, shared with billing's endpoint. */
  webhookSecret: string;
}

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 24).padEnd(24, '0')}`;
}

/** The event as sent over the wire (Stripe's envelope: the object under `data.object`). */
const wireEventSchema = z.object({
  id: z.string().regex(/^evt_[A-Za-z0-9]{8,64}$/),
  object: z.literal('event'),
  type: z.enum(['invoice.paid', 'invoice.payment_failed']),
  created: z.number().int().nonnegative(),
  data: z.object({
    object: z.object({
      customer: z.string(),
      charge: z.string().nullable(),
      amount: z.number().int().nonnegative(),
      currency: z.string(),
      failure_reason: z.enum(['card-declined', 'insufficient-funds', 'expired-card', 'unknown-payment-method', 'processing-error']).nullable(),
      metadata: z.record(z.string(), z.string()),
    }),
  }),
});
type WireEvent = z.infer<typeof wireEventSchema>;

const CHARGE_MESSAGES: Record<ChargeFailureReason, string> = {
  'card-declined': 'The card was declined.',
  'insufficient-funds': 'The card has insufficient funds.',
  'expired-card': 'The card has expired.',
  'unknown-payment-method': 'No such card on this customer.',
  'processing-error': 'The payment could not be processed. Try again.',
};

export function createSandboxProvider(deps: SandboxDeps): SandboxProvider {
  const { database, clock } = deps;
  const db = database.db;

  async function chargeOutcome(row: {
    id: string;
    status: string;
    failure_reason: string | null;
    amount_cents: number;
    currency: string;
    created_at: number;
  }): Promise<ChargeResult> {
    if (row.status === 'succeeded')
      return { status: 'succeeded', chargeId: row.id, amountCents: Number(row.amount_cents), currency: row.currency, createdAt: Number(row.created_at) };
    const reason = (row.failure_reason ?? 'processing-error') as ChargeFailureReason;
    return { status: 'failed', chargeId: row.id, reason, message: CHARGE_MESSAGES[reason] };
  }

  async function queueWebhook(trx: Kysely<DB>, type: WebhookEventType, object: WireEvent['data']['object']): Promise<void> {
    const event: WireEvent = { id: newId('evt'), object: 'event', type, created: Math.floor(clock.now() / 1000), data: { object } };
    await deps.jobs.enqueue(trx, { name: SANDBOX_WEBHOOK_JOB, payload: event });
  }

  return {
    webhookSignatureHeader: SANDBOX_SIGNATURE_HEADER,

    async tokenise(card) {
      const check = checkSandboxCard(card, clock.now());
      if (!check.ok) return check;
      const id = newId('pm');
      await db
        .insertInto('sandbox_payment_methods')
        .values({
          id,
          customer_id: null,
          brand: check.card.brand,
          last4: check.card.last4,
          exp_month: check.card.expMonth,
          exp_year: check.card.expYear,
          declines_on_attach: check.card.declinesOnAttach ? 1 : 0,
          fails_charges_with: check.card.failsChargesWith,
          created_at: clock.now(),
        })
        .execute();
      return { ok: true, paymentMethod: { id, brand: check.card.brand, last4: check.card.last4 } };
    },

    async createCustomer({ businessId, email, idempotencyKey }) {
      const existing = await db.selectFrom('sandbox_customers').select('id').where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
      if (existing) return { customerId: existing.id };
      const id = newId('cus');
      try {
        await db
          .insertInto('sandbox_customers')
          .values({ id, business_id: businessId, email, idempotency_key: idempotencyKey, created_at: clock.now() })
          .execute();
        return { customerId: id };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const first = await db.selectFrom('sandbox_customers').select('id').where('idempotency_key', '=', idempotencyKey).executeTakeFirstOrThrow();
        return { customerId: first.id };
      }
    },

    async attachPaymentMethod({ customerId, paymentMethodToken }): Promise<AttachPaymentMethodResult> {
      const customer = await db.selectFrom('sandbox_customers').select('id').where('id', '=', customerId).executeTakeFirst();
      if (!customer) return { ok: false, reason: 'unknown-customer', message: 'No such customer.' };
      const method = await db.selectFrom('sandbox_payment_methods').selectAll().where('id', '=', paymentMethodToken).executeTakeFirst();
      if (!method || (method.customer_id !== null && method.customer_id !== customerId)) {
        return { ok: false, reason: 'unknown-payment-method', message: 'No such card: add it again.' };
      }
      if (Number(method.declines_on_attach) === 1) return { ok: false, reason: 'card-declined', message: 'The card was declined.' };
      if (clock.now() >= Date.UTC(Number(method.exp_year), Number(method.exp_month), 1))
        return { ok: false, reason: 'expired-card', message: 'The card has expired.' };
      // Attaching the same card to the same customer again changes nothing: idempotent by nature.
      await db.updateTable('sandbox_payment_methods').set({ customer_id: customerId }).where('id', '=', method.id).execute();
      return {
        ok: true,
        paymentMethod: {
          id: method.id,
          brand: method.brand as CardBrand,
          last4: method.last4,
          expMonth: Number(method.exp_month),
          expYear: Number(method.exp_year),
        },
      };
    },

    async charge(input) {
      const first = await db.selectFrom('sandbox_charges').selectAll().where('idempotency_key', '=', input.idempotencyKey).executeTakeFirst();
      if (first) return chargeOutcome(first);
      const method = await db.selectFrom('sandbox_payment_methods').selectAll().where('id', '=', input.paymentMethodId).executeTakeFirst();
      let failure: ChargeFailureReason | null = null;
      if (!method || method.customer_id !== input.customerId) failure = 'unknown-payment-method';
      else if (clock.now() >= Date.UTC(Number(method.exp_year), Number(method.exp_month), 1)) failure = 'expired-card';
      else if (method.fails_charges_with) failure = method.fails_charges_with as ChargeFailureReason;
      const row = {
        id: newId('ch'),
        idempotency_key: input.idempotencyKey,
        customer_id: input.customerId,
        payment_method_id: input.paymentMethodId,
        amount_cents: input.amountCents,
        currency: input.currency,
        description: input.description,
        metadata: JSON.stringify(input.metadata ?? {}),
        status: failure ? ('failed' as const) : ('succeeded' as const),
        failure_reason: failure,
        refunded_cents: 0,
        created_at: clock.now(),
      };
      try {
        await database.writeTransaction(async (trx) => {
          await trx.insertInto('sandbox_charges').values(row).execute();
          await queueWebhook(trx, failure ? 'invoice.payment_failed' : 'invoice.paid', {
            customer: input.customerId,
            charge: row.id,
            amount: input.amountCents,
            currency: input.currency,
            failure_reason: failure,
            metadata: input.metadata ?? {},
          });
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Two calls with one key at once: the second answers with the first's outcome.
        return chargeOutcome(await db.selectFrom('sandbox_charges').selectAll().where('idempotency_key', '=', input.idempotencyKey).executeTakeFirstOrThrow());
      }
      return chargeOutcome(row);
    },

    async refund({ chargeId, amountCents, idempotencyKey, reason }): Promise<RefundResult> {
      const first = await db.selectFrom('sandbox_refunds').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
      const charge = await db
        .selectFrom('sandbox_charges')
        .selectAll()
        .where('id', '=', first?.charge_id ?? chargeId)
        .executeTakeFirst();
      if (!charge) return { status: 'failed', reason: 'unknown-charge', message: 'No such charge.' };
      if (first) return { status: 'succeeded', refundId: first.id, chargeId: charge.id, amountCents: Number(first.amount_cents), currency: charge.currency };
      if (charge.status !== 'succeeded') return { status: 'failed', reason: 'charge-not-succeeded', message: 'Only a charge that succeeded can be refunded.' };
      const amount = amountCents ?? Number(charge.amount_cents) - Number(charge.refunded_cents);
      const id = newId('re');
      const refunded = await database.writeTransaction(async (trx) => {
        const taken = await trx
          .updateTable('sandbox_charges')
          .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', amount) }))
          .where('id', '=', charge.id)
          .where((eb) => eb(eb('refunded_cents', '+', amount), '<=', eb.ref('amount_cents')))
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1 || amount <= 0) return false;
        await trx
          .insertInto('sandbox_refunds')
          .values({ id, idempotency_key: idempotencyKey, charge_id: charge.id, amount_cents: amount, reason: reason ?? null, created_at: clock.now() })
          .execute();
        return true;
      });
      if (!refunded) return { status: 'failed', reason: 'amount-exceeds-refundable', message: 'The refund is more than what is left of the charge.' };
      return { status: 'succeeded', refundId: id, chargeId: charge.id, amountCents: amount, currency: charge.currency };
    },

    verifyWebhook({ rawBody, signatureHeader, now }): WebhookVerification {
      const check = verifyWebhookSignature({ rawBody, header: signatureHeader, secret: deps.webhookSecret, now });
      if (!check.ok) return check;
      let parsed: ReturnType<typeof wireEventSchema.safeParse>;
      try {
        parsed = wireEventSchema.safeParse(JSON.parse(rawBody.toString()));
      } catch {
        return { ok: false, reason: 'malformed-event' };
      }
      if (!parsed.success) return { ok: false, reason: 'malformed-event' };
      const wire = parsed.data;
      const object = wire.data.object;
      const event: WebhookEvent = {
        id: wire.id,
        type: wire.type,
        createdAt: wire.created * 1000,
        data: {
          customerId: object.customer,
          chargeId: object.charge,
          amountCents: object.amount,
          currency: object.currency,
          ...(object.failure_reason ? { failureReason: object.failure_reason } : {}),
          metadata: object.metadata,
        },
      };
      return { ok: true, event };
    },
  };
}

/**
 * Defines the sandbox's webhook delivery: each event is signed when it is sent (its timestamp is
 * the delivery's) and retried with backoff until billing answers 2xx; a 4xx answer (billing
 * refused the signature or the event) is not retried.
 */
export function defineSandboxJobs(runner: JobRunner, deps: { clock: Clock; logger: Logger; webhookSecret: string; deliver: WebhookDelivery }): void {
  runner.define<WireEvent>({
    name: SANDBOX_WEBHOOK_JOB,
    attempts: DELIVERY_ATTEMPTS,
    isPermanent: (error) => error instanceof RefusedDelivery,
    handler: async (event) => {
      const rawBody = JSON.stringify(event);
      const status = await deps.deliver(rawBody, signWebhook(rawBody, deps.webhookSecret, Math.floor(deps.clock.now() / 1000)));
      if (status >= 200 && status < 300) return;
      if (status >= 400 && status < 500) throw new RefusedDelivery(`Billing refused the webhook ${event.id} (${event.type}) with ${status}`);
      throw new Error(`Billing answered the webhook ${event.id} (${event.type}) with ${status}; it will be sent again`);
    },
  });
}

class RefusedDelivery extends Error {
  override name = 'RefusedDelivery';
}
