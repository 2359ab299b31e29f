import { Typography } from 'antd';
import { useConfig } from '../../lib/config/config-context';
import { FormScreen } from '../../lib/forms/form-screen';
import { readVendor } from '../../lib/session/session';
import { useRouteForm } from './use-route-form';

/** `/new-user-step-1` (full page): the business basics and what it offers; the guard then walks on. */
export default function OnboardingPage() {
  const { app } = useConfig();
  // Registration asked for the business name already.
  const screen = useRouteForm({
    initialData: () => {
      const name = readVendor()?.business_name;
      return typeof name === 'string' ? { business_name: name } : undefined;
    },
  });
  return (
    <div className="onboarding">
      <div className="onboarding__inner">
        <Typography.Text className="onboarding__brand">{app.displayName}</Typography.Text>
        <Typography.Paragraph type="secondary">Step 1 · Your business. Next we'll ask for the settings each of your services needs.</Typography.Paragraph>
        <FormScreen screen={screen} submitLabel="Continue" />
      </div>
    </div>
  );
}
