import { Typography } from 'antd';
import { useConfig } from '../../lib/config/config-context';

/** The app's name where the shell shows it: atop the sidebar, in the horizontal navbar, the overlay menu's title. */
export function Brand() {
  const { app } = useConfig();
  return (
    <Typography.Text className="shell__brand" translate="no">
      {app.displayName}
    </Typography.Text>
  );
}
