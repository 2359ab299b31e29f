import { http } from '../../../lib/api/http';

/** POST /api/forgot-password: always accepted, whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<void> {
  await http.post('/api/forgot-password', { email });
}

/** POST /api/reset-password. */
export async function resetPassword(input: { token: string; password: string }): Promise<void> {
  await http.post('/api/reset-password', input);
}
