import { Router } from 'express';
import { sandboxCardBodySchema } from '../../../shared/contracts/billing';
import { AppError } from '../../core/http/app-error';
import { byIp, limiter } from '../../core/http/rate-limits';
import type { SandboxProvider } from './sandbox-provider';
import type { CardRefusal } from './test-cards';

/** Which field of the card form a refusal is about. */
const FIELD: Record<Exclude<CardRefusal, 'card-declined'>, 'number' | 'expMonth' | 'cvc'> = {
  'invalid-number': 'number',
  'luhn-check-failed': 'number',
  'unsupported-brand': 'number',
  'invalid-expiry': 'expMonth',
  'expired-card': 'expMonth',
  'invalid-cvc': 'cvc',
};

/** Tokenisations per address per hour: a card-testing script meets a wall. */
const TOKENISATIONS_PER_HOUR = 60;

/**
 * `POST /sandbox/payment-methods` (docs/billing.md): the sandbox provider's tokenisation, called
 * by the browser as Stripe.js calls Stripe, so a card number never reaches `/api/billing` or its
 * logs. Answers `{ id, brand, last4 }`; a malformed card is a 400 naming the field, a card the
 * sandbox declines a 402 `card-declined`.
 */
export function sandboxRouter(provider: SandboxProvider): Router {
  const router = Router();
  router.post('/sandbox/payment-methods', limiter(TOKENISATIONS_PER_HOUR, 60 * 60 * 1000, byIp('sandbox-tokenise')), async (req, res) => {
    const result = await provider.tokenise(sandboxCardBodySchema.parse(req.body));
    if (!result.ok) {
      if (result.reason === 'card-declined') throw new AppError(402, 'card-declined', result.message);
      throw new AppError(400, 'validation-failed', result.message, [{ path: FIELD[result.reason], message: result.message }]);
    }
    res.status(201).json(result.paymentMethod);
  });
  return router;
}
