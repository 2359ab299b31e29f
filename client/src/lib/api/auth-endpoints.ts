/** Paths the 401 interceptor leaves alone: their 401 means "wrong credentials", not "token expired". */
export const AUTH_ENDPOINTS: readonly string[] = [
  '/api/login',
  '/api/login/google',
  '/api/register',
  '/api/register-with-token',
  '/jwt/refresh-token',
  '/jwt/logout',
  '/api/forgot-password',
  '/api/reset-password',
];

/** `POST /jwt/refresh-token`: payload `{ refreshToken }`, answer `{ data: { accessToken, refreshToken } }`. */
export const REFRESH_URL = '/jwt/refresh-token';

/** `POST /jwt/logout`: payload `{ refreshToken }`; revokes the session family on the server. */
export const LOGOUT_URL = '/jwt/logout';

/** Whether a request URL (relative or absolute, with or without query) is one of the auth endpoints. */
export function isAuthEndpoint(url: string | undefined): boolean {
  if (!url) return false;
  let path: string;
  try {
    path = new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return false;
  }
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return AUTH_ENDPOINTS.includes(normalised);
}
