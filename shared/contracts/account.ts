import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../validators/password';
import { emailSchema, tokenPairSchema } from './auth';

const currentPasswordSchema = z
  .string({ error: 'Enter your current password' })
  .min(1, 'Enter your current password')
  .max(PASSWORD_MAX_LENGTH, 'The password is incorrect.');

/** `POST /api/account/password`: a new password for the signed-in user. */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: currentPasswordSchema,
  newPassword: z
    .string({ error: 'Choose a new password' })
    .min(1, 'Choose a new password')
    .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`),
});

/** `POST /api/account/email`: mails a confirmation link to the new address. */
export const changeEmailRequestSchema = z.strictObject({ newEmail: emailSchema, password: currentPasswordSchema });

/** `POST /api/account/email/confirm`: the token of the mailed `/confirm-email/<token>` link. */
export const confirmEmailRequestSchema = z.strictObject({
  token: z.string({ error: 'The link is incomplete' }).min(16, 'The link is incomplete').max(512, 'The link is incomplete'),
});

/** What a user is told about by mail; `GET`/`PUT /api/account/notifications`. */
export const notificationPreferencesSchema = z.strictObject({
  newMatches: z.boolean({ error: 'Choose on or off' }),
  messages: z.boolean({ error: 'Choose on or off' }),
  reviews: z.boolean({ error: 'Choose on or off' }),
  weeklySummary: z.boolean({ error: 'Choose on or off' }),
  channel: z.literal('email', { error: 'Notifications are sent by email' }),
});

/** Preferences of a user who never changed them: everything on, by email. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  newMatches: true,
  messages: true,
  reviews: true,
  weeklySummary: true,
  channel: 'email',
};

/** `DELETE /api/account`: the owner's password and the business name typed as confirmation. */
export const deleteAccountRequestSchema = z.strictObject({
  password: currentPasswordSchema,
  confirmation: z.string({ error: 'Type your business name' }).max(200, 'Type your business name exactly as shown'),
});

/** The answer of `POST /api/account/password`: the caller's new session (every other one ended). */
export const changePasswordResponseSchema = z.object({ data: tokenPairSchema });

/** The `data` of `POST /api/account/email` (202): where the link went, and until when it works (ms since the epoch). */
export const emailChangeRequestedSchema = z.object({ email: z.string(), expiresAt: z.number() });

/** The `data` of `POST /api/account/email/confirm`: the address the account now signs in with. */
export const emailChangedSchema = z.object({ email: z.string() });

/** `POST /api/account/email/verify`: the token of the mailed verification link. */
export const verifyEmailRequestSchema = z.strictObject({
  token: z.string({ error: 'The link is incomplete' }).min(16, 'The link is incomplete').max(512, 'The link is incomplete'),
});

/** The answer of `POST /api/account/email/confirm`. */
export const confirmEmailResponseSchema = z.object({ data: emailChangedSchema });

export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
