import axios from 'axios';
import { sandboxPaymentMethodSchema } from '../../../../../shared/contracts/billing';
import { parseResponse } from '../../../lib/api/response-shape-error';
import type { CardBody } from '../card-input';

/**
 * The payment provider's own client: like Stripe.js, the browser hands the card to the provider
 * and gets a token back. It is not the API's axios instance, so the vendor's session token never
 * goes with the card, and the card never goes to /api.
 */
export const providerHttp = axios.create({ headers: { Accept: 'application/json' } });

const URL_PATH = '/sandbox/payment-methods';

/** POST /sandbox/payment-methods → the token (`pm_…`) with the card's brand and last 4. 400 names the field; 402 `card-declined`. */
export async function tokenizeCard(card: CardBody) {
  const response = await providerHttp.post<unknown>(URL_PATH, card);
  return parseResponse(sandboxPaymentMethodSchema, response.data, 'post', URL_PATH);
}
