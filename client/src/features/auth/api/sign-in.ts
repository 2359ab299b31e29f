import { sessionResponseSchema, type LoginRequest, type RegisterRequest } from '../../../../../shared/contracts/auth';
import { http } from '../../../lib/api/http';
import { storeSession } from '../../../lib/session/session';

/** POST /api/login; stores the session and returns the vendor record. */
export async function login(input: LoginRequest) {
  const { data } = sessionResponseSchema.parse((await http.post('/api/login', input)).data);
  storeSession(data);
  return data.vendor;
}

/** POST /api/register; stores the session and returns the vendor record. */
export async function register(input: RegisterRequest) {
  const { data } = sessionResponseSchema.parse((await http.post('/api/register', input)).data);
  storeSession(data);
  return data.vendor;
}

/** POST /api/login/google with Google's ID token; stores the session. */
export async function loginWithGoogle(idToken: string) {
  const { data } = sessionResponseSchema.parse((await http.post('/api/login/google', { idToken })).data);
  storeSession(data);
  return data.vendor;
}

/** POST /api/register-with-token: joins the inviting business; stores the session. */
export async function registerWithToken(input: { token: string; password: string }) {
  const { data } = sessionResponseSchema.parse((await http.post('/api/register-with-token', input)).data);
  storeSession(data);
  return data.vendor;
}
