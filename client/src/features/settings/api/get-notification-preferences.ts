import { useQuery } from '@tanstack/react-query';
import { notificationPreferencesSchema, type NotificationPreferences } from '../../../../../shared/contracts/account';
import { getData, type ReadOptions } from '../../../lib/api/get-data';
import { settingsKeys } from './settings-keys';

/** GET /api/account/notifications: what the signed-in user is told about by mail. */
export function getNotificationPreferences(options?: ReadOptions): Promise<NotificationPreferences> {
  return getData(notificationPreferencesSchema, '/api/account/notifications', options);
}

/** The signed-in user's notification preferences. */
export function useNotificationPreferences() {
  return useQuery({ queryKey: settingsKeys.notifications, queryFn: ({ signal }) => getNotificationPreferences({ signal }) });
}
