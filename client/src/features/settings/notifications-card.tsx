import { Card, Flex, Switch, Typography } from 'antd';
import { useState } from 'react';
import type { NotificationPreferences } from '../../../../shared/contracts/account';
import { loadFailure, PageState } from '../../components/page-state';
import { useToast } from '../../lib/toast/toast';
import { useNotificationPreferences } from './api/get-notification-preferences';
import { useSaveNotificationPreferences } from './api/save-notification-preferences';

type Toggle = Exclude<keyof NotificationPreferences, 'channel'>;

const TOGGLES: { key: Toggle; label: string; description: string }[] = [
  { key: 'newMatches', label: 'New quote requests', description: 'A couple asks for a quote in one of your categories.' },
  { key: 'messages', label: 'Messages', description: 'A customer writes to you about a quote.' },
  { key: 'reviews', label: 'Reviews', description: 'A customer reviews your business.' },
  { key: 'weeklySummary', label: 'Weekly summary', description: 'Every Monday: your quotes, leads and credits at a glance.' },
];

/** Which notifications the signed-in user gets by email; each switch saves at once. */
export function NotificationsCard() {
  const message = useToast();
  const query = useNotificationPreferences();
  const preferences = query.data;
  const save = useSaveNotificationPreferences();
  const [saving, setSaving] = useState<Toggle | null>(null);

  const onToggle = async (key: Toggle, on: boolean) => {
    if (!preferences) return;
    setSaving(key);
    try {
      await save.mutateAsync({ ...preferences, [key]: on });
      void message.success('Notification preferences saved');
    } catch {
      void message.error('Your preference could not be saved. Please try again.');
    } finally {
      setSaving(null);
    }
  };

  return (
    <Card title="Notifications" className="settings-card">
      <Typography.Paragraph type="secondary">We send notifications by email to your sign-in address.</Typography.Paragraph>
      <PageState failure={preferences ? null : loadFailure('Your preferences', query)} loading={!preferences} rows={4} skeletonTitle={false}>
        {preferences && (
          <Flex vertical gap="middle">
            {TOGGLES.map(({ key, label, description }) => (
              <Flex key={key} justify="space-between" align="center" gap="middle">
                <div>
                  <Typography.Text strong id={`notification-${key}`}>
                    {label}
                  </Typography.Text>
                  <br />
                  <Typography.Text type="secondary" id={`notification-${key}-description`}>
                    {description}
                  </Typography.Text>
                </div>
                <Switch
                  checked={preferences[key]}
                  loading={saving === key}
                  disabled={saving !== null}
                  onChange={(on) => void onToggle(key, on)}
                  aria-labelledby={`notification-${key}`}
                  aria-describedby={`notification-${key}-description`}
                />
              </Flex>
            ))}
          </Flex>
        )}
      </PageState>
    </Card>
  );
}
