/**
 * The stand-ins the build writes into sign-in.html (scripts/prerender-sign-in.tsx) for what comes
 * from the config, replaced by the server on every response with the current config's values,
 * HTML-escaped (server/core/http/client-pages.ts). Paths start with a slash, as links need.
 */
export const SIGN_IN_PLACEHOLDERS = {
  brand: '__SIGN_IN_BRAND__',
  subtitle: '__SIGN_IN_SUBTITLE__',
  forgotPasswordPath: '/__SIGN_IN_FORGOT_PASSWORD_PATH__',
  registerPath: '/__SIGN_IN_REGISTER_PATH__',
  findVendorsPath: '/__SIGN_IN_FIND_VENDORS_PATH__',
} as const;

/** The file the build writes beside index.html: index.html with the sign-in card already in it. */
export const SIGN_IN_HTML_FILE = 'sign-in.html';

/** The sign-in card's line under its heading when the login route's meta has no description. */
export const DEFAULT_SIGN_IN_SUBTITLE = 'Sign in to manage your quotes and customer leads.';
