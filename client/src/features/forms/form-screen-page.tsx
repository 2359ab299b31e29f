import { FormScreen } from '../../lib/forms/form-screen';
import { CompulsoryScreenNotice } from './compulsory-screen-notice';
import { useRouteForm } from './use-route-form';

/** A settings screen rendered from its JSON schema (category settings and other forms). */
export default function FormScreenPage() {
  const screen = useRouteForm();
  return <FormScreen screen={screen} intro={<CompulsoryScreenNotice kind="settings" />} />;
}
