import { authOptionsSchema, type AuthOptions } from '../../../../../shared/contracts/auth';
import { getData } from '../../../lib/api/get-data';

/** GET /api/auth/options: which sign-in methods the server offers. */
export function getAuthOptions(): Promise<AuthOptions> {
  return getData(authOptionsSchema, '/api/auth/options');
}
