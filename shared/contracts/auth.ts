import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE, isValidEmail } from '../validators/email';
import { PASSWORD_MAX_LENGTH } from '../validators/password';
import { isSingleLine, SINGLE_LINE_MESSAGE } from '../validators/single-line';
import { vendorRecordSchema } from './vendor';

/** An email address, checked with the seed's validator and stored lower-cased. */
export const emailSchema = z
  .string({ error: 'Enter your email address' })
  .trim()
  .min(1, 'Enter your email address')
  .max(254, INVALID_EMAIL_MESSAGE)
  .refine(isValidEmail, INVALID_EMAIL_MESSAGE)
  .transform((email) => email.toLowerCase());

const passwordSchema = z
  .string({ error: 'Enter a password' })
  .min(1, 'Enter a password')
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);
const tokenSchema = z.string({ error: 'The link is incomplete' }).min(16, 'The link is incomplete').max(512);

/** `POST /api/register`. */
export const registerRequestSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  businessName: z
    .string({ error: 'Enter your business name' })
    .trim()
    .min(2, 'Enter your business name')
    .max(120, 'Use at most 120 characters.')
    .refine(isSingleLine, SINGLE_LINE_MESSAGE),
});

/** `POST /api/login`. */
export const loginRequestSchema = z.strictObject({ email: emailSchema, password: passwordSchema });

/** `POST /api/login/google`. */
export const googleLoginRequestSchema = z.strictObject({ idToken: z.string().min(20).max(4096) });

/** `POST /api/forgot-password`. */
export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });

/** `POST /api/reset-password`. */
export const resetPasswordRequestSchema = z.strictObject({ token: tokenSchema, password: passwordSchema });

/** `POST /jwt/refresh-token` and `POST /jwt/logout`. */
export const refreshRequestSchema = z.strictObject({ refreshToken: z.string({ error: 'refreshToken is required' }).min(16).max(512) });

/**
 * The header a browser sends with a refresh: a key of its own, kept until the answer has arrived.
 * Sent again with the same token, within a minute, it makes the request a retry of a rotation
 * whose answer was lost (a page unloaded meanwhile) rather than a reuse that ends the session.
 */
export const REFRESH_RETRY_KEY_HEADER = 'Refresh-Retry-Key';
export const refreshRetryKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, `${REFRESH_RETRY_KEY_HEADER} must be 16 to 128 letters, digits, "-" or "_".`)
  .optional();

/** `POST /api/register-with-token`: joins the inviting business as a team member. */
export const registerWithTokenRequestSchema = z.strictObject({ token: tokenSchema, password: passwordSchema });

/** `POST /api/team/invitations`. */
export const invitationRequestSchema = z.strictObject({ email: emailSchema });

/**
 * An access token and the refresh token that renews it. `refreshExpiresAt` (epoch ms) is when the
 * refresh token's session ends, kept by every rotation; the server always sends it, but an answer
 * without it still parses (the client then keeps no expiry and waits for the server's 401).
 */
export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string(), refreshExpiresAt: z.number().optional() });

/** The `data` of register, login, Google login and register-with-token: a new session and its vendor record. */
export const sessionSchema = tokenPairSchema.extend({ vendor: vendorRecordSchema });

/** The answer of register, login and register-with-token. */
export const sessionResponseSchema = z.object({ data: sessionSchema });

/** The answer of `POST /jwt/refresh-token`. */
export const refreshResponseSchema = z.object({ data: tokenPairSchema });

/** `GET /api/auth/options`: the sign-in methods the server offers (`googleClientId` null: no Google). */
export const authOptionsSchema = z.object({ googleClientId: z.string().nullable() });

/** The `data` of `POST /api/forgot-password` and `POST /api/reset-password`: a sentence for the user. */
export const noticeSchema = z.object({ message: z.string() });

export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export type Session = z.infer<typeof sessionSchema>;
export type TokenPair = z.infer<typeof tokenPairSchema>;
export type AuthOptions = z.infer<typeof authOptionsSchema>;
