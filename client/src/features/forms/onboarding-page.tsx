import { LogoutOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useTranslation } from '../../lib/i18n/translate';
import { useConfig } from '../../lib/config/config-context';
import { FormScreen } from '../../lib/forms/form-screen';
import { useSignOut } from '../../lib/router/use-sign-out';
import { useSessionVendor } from '../../lib/session/use-session';
import { useRouteForm } from './use-route-form';

/** `/new-user-step-1` (full page): the business basics and what it offers; the guard then walks on. */
export default function OnboardingPage() {
  const { app } = useConfig();
  const { t } = useTranslation();
  const signOut = useSignOut();
  const name = useSessionVendor()?.business_name;
  // Registration asked for the business name already.
  const screen = useRouteForm({ initialData: () => (typeof name === 'string' ? { business_name: name } : undefined) });
  return (
    <div className="onboarding">
      <div className="onboarding__inner">
        {/* A full-page screen without the shell's account menu: signing out must not need finishing it. */}
        <header className="onboarding__header">
          <Typography.Text className="onboarding__brand">{app.displayName}</Typography.Text>
          <Button type="text" icon={<LogoutOutlined />} onClick={() => void signOut()}>
            {t('shell.signOut')}
          </Button>
        </header>
        <Typography.Paragraph type="secondary">Step 1 · Your business. Next we'll ask for the settings each of your services needs.</Typography.Paragraph>
        <FormScreen screen={screen} submitLabel="Continue" />
      </div>
    </div>
  );
}
