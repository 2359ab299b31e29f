import { Alert } from 'antd';
import { FormScreen } from '../../lib/forms/form-screen';
import { useCurrentRoute } from '../../lib/router/use-current-route';
import { useRouteForm } from './use-route-form';

/**
 * `/business-details`: onboarding's form after onboarding (the guard keeps onboarded vendors off
 * `/new-user-step-1`): contact details, where the business works and the services it offers.
 */
export default function BusinessDetailsPage() {
  const route = useCurrentRoute();
  const screen = useRouteForm({ title: route?.meta.title });
  return (
    <FormScreen
      screen={screen}
      submitLabel="Save details"
      intro={
        <Alert
          type="info"
          showIcon
          className="form-screen__review"
          title="Adding a service? When you save, we ask for the settings its customers need before anything else. A service you remove keeps its settings, ready if you add it back."
        />
      }
    />
  );
}
