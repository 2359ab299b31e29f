import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationPreferencesSchema, type NotificationPreferences } from '../../../../../shared/contracts/account';
import { sendData } from '../../../lib/api/send-data';
import { settingsKeys } from './settings-keys';

/** PUT /api/account/notifications; answers with the stored preferences. */
export function saveNotificationPreferences(preferences: NotificationPreferences): Promise<NotificationPreferences> {
  return sendData('put', notificationPreferencesSchema, '/api/account/notifications', preferences);
}

/**
 * Saving the preferences: the switch moves at once, the server's answer replaces it, and a
 * refused save puts the previous preferences back.
 */
export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onMutate: async (next) => {
      await client.cancelQueries({ queryKey: settingsKeys.notifications });
      const previous = client.getQueryData<NotificationPreferences>(settingsKeys.notifications);
      client.setQueryData(settingsKeys.notifications, next);
      return { previous };
    },
    onSuccess: (stored) => client.setQueryData(settingsKeys.notifications, stored),
    onError: (_error, _next, context) => client.setQueryData(settingsKeys.notifications, context?.previous),
  });
}
