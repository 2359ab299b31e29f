import type { AuthOptions } from '../../../../../shared/contracts/auth';
import { fetchJson } from '../../../lib/api/fetch-json';

/**
 * GET /api/auth/options: which sign-in methods the server offers. Without a Google client id the
 * answer is not checked: nothing is offered either way, as when a check fails; so the sign-in
 * page fetches its contract (zod) only when there is a button to draw.
 */
export async function getAuthOptions(): Promise<AuthOptions> {
  const body = await fetchJson('GET', '/api/auth/options');
  const data = (body as { data?: { googleClientId?: unknown } } | null)?.data;
  if (data?.googleClientId === null || data?.googleClientId === undefined) return { googleClientId: null };
  const { checkAuthOptions } = await import('./auth-options-answer');
  return checkAuthOptions(body);
}
