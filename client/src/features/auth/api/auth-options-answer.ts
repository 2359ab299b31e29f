import { authOptionsSchema, type AuthOptions } from '../../../../../shared/contracts/auth';
import { envelopeOf } from '../../../lib/api/envelope-of';
import { parseResponse } from '../../../lib/api/response-shape-error';

/** Checks the `{ data }` answer of GET /api/auth/options with its contract. */
export function checkAuthOptions(body: unknown): AuthOptions {
  return parseResponse(envelopeOf(authOptionsSchema), body, 'GET', '/api/auth/options').data;
}
