import {
  changePasswordResponseSchema,
  confirmEmailResponseSchema,
  notificationPreferencesSchema,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  type NotificationPreferences,
} from '../../../../../shared/contracts/account';
import { vendorRecordSchema } from '../../../../../shared/contracts/vendor';
import { http } from '../../../lib/api/http';
import { clearSession, readTokens, storeTokens, storeVendor } from '../../../lib/session/session';

/** POST /api/account/password: every other session ends; this one continues with the new tokens. */
export async function changePassword(input: ChangePasswordRequest): Promise<void> {
  const { data } = changePasswordResponseSchema.parse((await http.post('/api/account/password', input)).data);
  storeTokens(data);
}

/** POST /api/account/email: mails a confirmation link to the new address. */
export async function requestEmailChange(input: ChangeEmailRequest): Promise<void> {
  await http.post('/api/account/email', input);
}

/** POST /api/account/email/confirm; refreshes the stored vendor record when signed in here. */
export async function confirmEmailChange(token: string): Promise<string> {
  const { data } = confirmEmailResponseSchema.parse((await http.post('/api/account/email/confirm', { token })).data);
  if (readTokens().accessToken) {
    try {
      const parsed = vendorRecordSchema.safeParse(((await http.get('/api/vendor/me')).data as { data?: unknown }).data);
      if (parsed.success) storeVendor(parsed.data);
    } catch {
      // The change is made; a stale record here is refreshed on the next navigation.
    }
  }
  return data.email;
}

/** GET /api/account/notifications. */
export async function getNotificationPreferences(): Promise<NotificationPreferences> {
  return notificationPreferencesSchema.parse(((await http.get('/api/account/notifications')).data as { data?: unknown }).data);
}

/** PUT /api/account/notifications; answers with the stored preferences. */
export async function saveNotificationPreferences(preferences: NotificationPreferences): Promise<NotificationPreferences> {
  return notificationPreferencesSchema.parse(((await http.put('/api/account/notifications', preferences)).data as { data?: unknown }).data);
}

/** DELETE /api/account (owners only); the session ends here too. */
export async function deleteAccount(input: DeleteAccountRequest): Promise<void> {
  await http.delete('/api/account', { data: input });
  clearSession();
}
