import { useConfig } from '../../lib/config/config-context';
import { FormScreen } from '../../lib/forms/form-screen';
import { useSessionVendor } from '../../lib/session/use-session';
import { AutoResponsePreview } from './auto-response-preview';
import { CompulsoryScreenNotice } from './compulsory-screen-notice';
import { useRouteForm } from './use-route-form';

/** `/auto-response/<slug>`: the instant reply to new requests, with a live preview of the mail a couple gets. */
export default function AutoResponsePage() {
  const screen = useRouteForm();
  const { categories } = useConfig();
  const category = categories.find((c) => c.id === screen.route?.category);
  const vendor = useSessionVendor();
  const businessName = typeof vendor?.business_name === 'string' ? vendor.business_name : 'Your business';
  const preview = <AutoResponsePreview data={screen.data ?? {}} category={category} businessName={businessName} />;
  return <FormScreen screen={screen} aside={preview} intro={<CompulsoryScreenNotice kind="auto-response" />} />;
}
